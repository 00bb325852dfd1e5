import { useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks'
import { useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import type { UserAccess } from '@contract'
import { useOnline } from '@/lib/network-status'
import { firstScreenShown } from '@/lib/ui/toast'
import { Header } from './header.tsx'
import { InsecureNotice } from './insecure-notice.tsx'
import classes from './shell.module.css'
import { NavMenu } from './nav-menu.tsx'
import {
  LazyAccountDrawer,
  LazyMobileNavDrawer,
  LazySearchDialog,
  usePrefetchPanels,
} from './lazy-panels.tsx'
import { NavToggle } from './nav-toggle.tsx'
import { PRINTING_NOT_READY, type PrintingStatus } from './status-indicators.tsx'
import { useNavGroups } from './use-nav-groups.ts'
import { useNavMini } from './use-nav-mini.ts'

// Only who chose the 88 px menu (docs/specification.md §9) loads it: the full menu is the first screen's.
const MiniNav = lazy(() => import('./mini-nav.tsx').then((m) => ({ default: m.MiniNav })))

/** docs/specification.md §9 layout breakpoint lg (75em); the sizes are in shell.module.css. */
const DESKTOP_QUERY = '(min-width: 75em)'

/** docs/specification.md §2.3 dashboard: header, side navigation (drawer on mobile), account drawer, global search. */
export function DashboardLayout({
  access,
  onLogout,
  printing = PRINTING_NOT_READY,
  children,
}: {
  access: UserAccess
  onLogout: () => void
  printing?: PrintingStatus
  children: ReactNode
}) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY, false, { getInitialValueInEffect: false }) ?? false
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const [navOpened, nav] = useDisclosure(false)
  const [accountOpened, account] = useDisclosure(false)
  const [searchOpened, search] = useDisclosure(false)
  const groups = useNavGroups(access, pathname)
  const [navMini, toggleNavMini] = useNavMini()
  const mini = isDesktop && navMini
  // The 'Hors ligne' strip takes room under the header (shell.module.css): said here, not found
  // with :has(), which the WebView of older Android handhelds (Chrome < 105) does not know.
  const online = useOnline()

  usePrefetchPanels()
  useEffect(() => firstScreenShown(), [])
  // docs/specification.md §2.3: on mobile the side drawer closes whenever the path changes (and only then:
  // useDisclosure's handlers are new on every render, so they cannot be an effect's dependency).
  const [navPath, setNavPath] = useState(pathname)
  if (navPath !== pathname) {
    setNavPath(pathname)
    nav.close()
  }
  // docs/specification.md §2.6: Cmd+K toggles the search (Ctrl+K on PC keyboards), even from a field.
  useHotkeys(
    [
      ['meta+K', search.toggle],
      ['ctrl+K', search.toggle],
    ],
    [],
  )

  const logout = () => {
    account.close()
    onLogout()
  }

  return (
    <div className={classes.shell} data-offline={online ? undefined : true} data-nav-mini={mini || undefined}>
      <Header
        access={access}
        printing={printing}
        isDesktop={isDesktop}
        navOpened={navOpened}
        onToggleNav={nav.toggle}
        onOpenSearch={search.open}
        onOpenAccount={account.open}
      />
      {isDesktop ? (
        <aside className={classes.navbar}>
          <NavToggle mini={mini} onToggle={toggleNavMini} />
          {mini ? (
            <Suspense fallback={null}>
              <MiniNav groups={groups} />
            </Suspense>
          ) : (
            <NavMenu groups={groups} />
          )}
        </aside>
      ) : (
        <LazyMobileNavDrawer opened={navOpened} onClose={nav.close} groups={groups} />
      )}
      <main className={classes.main}>
        <InsecureNotice />
        {children}
      </main>
      <LazyAccountDrawer
        opened={accountOpened}
        onClose={account.close}
        user={access.user}
        onLogout={logout}
      />
      <LazySearchDialog opened={searchOpened} onClose={search.close} groups={groups} />
    </div>
  )
}
