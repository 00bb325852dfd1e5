/**
 * The search dialog, the account drawer and the handheld's navigation drawer are not needed to show the first screen: they load as
 * their own chunk, fetched when the browser is idle after the shell renders (or on first use), and
 * mount the first time they are opened.
 */
import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react'

const loadPanels = () =>
  Promise.all([
    import('./search-dialog.tsx'),
    import('./account-drawer-panel.tsx'),
    import('./mobile-nav-drawer.tsx'),
  ])
const SearchDialog = lazy(() => import('./search-dialog.tsx').then((m) => ({ default: m.SearchDialog })))
const MobileNavDrawer = lazy(() =>
  import('./mobile-nav-drawer.tsx').then((m) => ({ default: m.MobileNavDrawer })),
)
const AccountDrawer = lazy(() =>
  import('./account-drawer-panel.tsx').then((m) => ({ default: m.AccountDrawer })),
)

/**
 * Warms the chunks once the first screen is done (a few seconds after start, when the main thread
 * is idle), so the first Cmd+K or tap on the menu opens at once without competing with start-up.
 */
const PREFETCH_DELAY_MS = 3000

export function usePrefetchPanels() {
  useEffect(() => {
    let idleHandle: number | undefined
    const timer = window.setTimeout(() => {
      const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 0))
      idleHandle = idle(() => void loadPanels().catch(() => undefined))
    }, PREFETCH_DELAY_MS)
    return () => {
      window.clearTimeout(timer)
      if (idleHandle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idleHandle)
    }
  }, [])
}

/** Mounted from the first opening on, so closing keeps its transition. */
function useMountedOnce(opened: boolean) {
  const [mounted, setMounted] = useState(opened)
  if (opened && !mounted) setMounted(true)
  return mounted
}

export function LazySearchDialog(props: ComponentProps<typeof SearchDialog>) {
  return useMountedOnce(props.opened) ? (
    <Suspense fallback={null}>
      <SearchDialog {...props} />
    </Suspense>
  ) : null
}

export function LazyAccountDrawer(props: ComponentProps<typeof AccountDrawer>) {
  return useMountedOnce(props.opened) ? (
    <Suspense fallback={null}>
      <AccountDrawer {...props} />
    </Suspense>
  ) : null
}

export function LazyMobileNavDrawer(props: ComponentProps<typeof MobileNavDrawer>) {
  return useMountedOnce(props.opened) ? (
    <Suspense fallback={null}>
      <MobileNavDrawer {...props} />
    </Suspense>
  ) : null
}
