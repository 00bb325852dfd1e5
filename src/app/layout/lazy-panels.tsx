/**
 * The search dialog and the account drawer are not needed to show the first screen: they load as
 * their own chunk, fetched when the browser is idle after the shell renders (or on first use), and
 * mount the first time they are opened.
 */
import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react'

const loadPanels = () => Promise.all([import('./search-dialog.tsx'), import('./account-drawer-panel.tsx')])
const SearchDialog = lazy(() => import('./search-dialog.tsx').then((m) => ({ default: m.SearchDialog })))
const AccountDrawer = lazy(() => import('./account-drawer-panel.tsx').then((m) => ({ default: m.AccountDrawer })))

/** Warms the chunk once the main thread is free, so the first Cmd+K opens at once. */
export function usePrefetchPanels() {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500))
    const handle = idle(() => void loadPanels().catch(() => undefined))
    return () => (window.cancelIdleCallback ?? window.clearTimeout)(handle)
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
