import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { z } from 'zod/mini'
import { LoginScreen } from '@/app/login-screen'
// The redirect rule alone: the index would pull the sign-in form into the always-loaded route tree.
import { safeRedirect } from '@/features/auth/redirect'
import { getToken } from '@/lib/session'

export const Route = createFileRoute('/login')({
  validateSearch: z.object({ redirect: z.optional(z.string()) }),
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
