import { PRINTING_ROLES } from '@contract'
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { useEffect } from 'react'
import { DashboardLayout } from '@/app/layout/dashboard-layout'
import { Splash } from '@/app/layout/splash'
import { SessionGate } from '@/features/access'
// Not the feature's index: that would pull the sign-in form into the dashboard's first load.
import { useLogout } from '@/features/auth/use-logout'
// The recorder alone: the feature's index brings Dexie, which the first screen does not need.
import { startPrintLogRecorder } from '@/features/print-history/recorder'
// The boot alone: the engine and Dexie load a second after the app shows.
import { startOutboxSoon } from '@/features/outbox/boot'
import { PrintingGate, usePrintingStatus } from '@/features/printing'
import { getToken } from '@/lib/session'

/**
 * The protected area (docs/specification.md §4): no token -> /login; then the session gate (access profile), then the
 * printing context (local IP, workstation, printers), then the app.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => {
    if (!getToken()) throw redirect({ to: '/login', search: { redirect: location.href } })
  },
  component: ProtectedArea,
})

function ProtectedArea() {
  return (
    <SessionGate loading={<Splash />}>
      {(access) => (
        <PrintingGate
          loading={<Splash />}
          canPrint={access.warehouse?.roles.some((role) => PRINTING_ROLES.some((r) => r === role)) ?? false}
        >
          <Shell access={access} />
        </PrintingGate>
      )}
    </SessionGate>
  )
}

function Shell({ access }: { access: Parameters<typeof DashboardLayout>[0]['access'] }) {
  const logout = useLogout()
  const printing = usePrintingStatus()
  useEffect(() => startPrintLogRecorder(), [])
  useEffect(() => startOutboxSoon(), [])
  return (
    <DashboardLayout access={access} onLogout={logout} printing={printing}>
      <Outlet />
    </DashboardLayout>
  )
}
