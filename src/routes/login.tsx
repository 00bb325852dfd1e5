import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { LoginScreen } from '@/app/login-screen'
// The redirect rule alone: the index would pull the sign-in form into the always-loaded route tree.
import { safeRedirect } from '@/features/auth/redirect'
import { getToken } from '@/lib/session'
import { isString, optionalSearch } from '@/lib/ui/search-params'

// Declared out of the route's options: inferred inside them, beside beforeLoad's redirect() (typed by
// the route tree this route is part of), its type came out as {}.
const validateSearch = optionalSearch({ redirect: isString })

export const Route = createFileRoute('/login')({
  validateSearch,
  // Already signed in (here or in another tab): nothing to do on this screen.
  beforeLoad: ({ search }) => {
    if (getToken()) throw redirect({ href: safeRedirect(search.redirect) })
  },
  component: LoginRoute,
})

function LoginRoute() {
  const navigate = useNavigate()
  const { redirect: target } = Route.useSearch()
  return <LoginScreen onSignedIn={() => void navigate({ href: safeRedirect(target), replace: true })} />
}
