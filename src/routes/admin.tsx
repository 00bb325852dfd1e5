import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { AdminArea } from '@/features/admin'
import { useLogout } from '@/features/auth/use-logout'
import { findAgentPrinters, setWorkstationName, useAgentState, useWorkstationName } from '@/features/printing'
import { getToken } from '@/lib/session'
import { isString, optionalSearch } from '@/lib/ui/search-params'

const validateSearch = optionalSearch({ section: isString })

/**
 * The admin area (issue 16), at the adminUrl the server hands admins; outside the workers'
 * dashboard (its own layout, no printing gate). Its component is split into its own chunk: no
 * weight on the workers' first screen. Whether the user is an admin is the server's answer.
 */
export const Route = createFileRoute('/admin')({
  validateSearch,
  beforeLoad: ({ location }) => {
    if (!getToken()) throw redirect({ to: '/login', search: { redirect: location.href } })
  },
  component: AdminRoute,
})

function AdminRoute() {
  const { section } = Route.useSearch()
  const navigate = useNavigate()
  // The local print agent, for 'Lire les imprimantes': started by the first read, then followed.
  const agentState = useAgentState()
  const workstation = useWorkstationName()
  // The app's one sign-out (token, cached data); then the sign-in page without ?redirect=/admin,
  // as the next person is rarely an administrator.
  const logout = useLogout()
  const signOut = () => void logout().then(() => navigate({ to: '/login' }))
  return (
    <AdminArea
      section={section}
      onSection={(next) => void navigate({ to: '/admin', search: { section: next }, replace: true })}
      onLogout={signOut}
      agent={{
        ready: agentState === 'ready',
        findPrinters: findAgentPrinters,
        workstation,
        nameWorkstation: setWorkstationName,
      }}
    />
  )
}
