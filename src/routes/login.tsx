import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { z } from 'zod/mini'
import { LoginScreen } from '@/app/login-screen'
import { safeRedirect } from '@/features/auth'
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
