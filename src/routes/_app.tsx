import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { DashboardLayout } from '@/app/layout/dashboard-layout'
import { Splash } from '@/app/layout/splash'
import { SessionGate } from '@/features/access'
// Not the feature's index: that would pull the sign-in form into the dashboard's first load.
import { useLogout } from '@/features/auth/use-logout'
import { getToken } from '@/lib/session'

/** The protected area (SPEC §4 session gate): no token -> /login; then splash, error or the app. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => {
    if (!getToken()) throw redirect({ to: '/login', search: { redirect: location.href } })
  },
  component: ProtectedArea,
})

function ProtectedArea() {
  const logout = useLogout()
  return (
    <SessionGate loading={<Splash />}>
      {(access) => (
        <DashboardLayout access={access} onLogout={logout}>
          <Outlet />
        </DashboardLayout>
      )}
    </SessionGate>
  )
}
