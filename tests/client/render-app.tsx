/** Renders the whole app (providers, router, every route) at a path, as main.tsx does. */
import { createMemoryHistory } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { AppProviders } from '@/app/providers'
import { createQueryClient } from '@/app/query-client'
import { createAppRouter } from '@/app/router'
import { initTokenStore } from '@/lib/session'

export function renderApp(path: string) {
  initTokenStore()
  const queryClient = createQueryClient()
  const history = createMemoryHistory({ initialEntries: [path] })
  const router = createAppRouter(queryClient, history)
  const view = render(<AppProviders router={router} queryClient={queryClient} />)
  return { ...view, router, queryClient, history }
}
