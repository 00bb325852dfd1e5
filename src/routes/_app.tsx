import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { DashboardLayout } from '@/app/layout/dashboard-layout'
import { Splash } from '@/app/layout/splash'
import { SessionGate } from '@/features/access'
import { useLogout } from '@/features/auth'
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
