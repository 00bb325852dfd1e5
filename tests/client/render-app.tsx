/** Renders the whole app (providers, router, every route) at a path, as main.tsx does. */
import { createMemoryHistory } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { AppProviders } from '@/app/providers'
import { createQueryClient } from '@/app/query-client'
import { createAppRouter } from '@/app/router'
import { hostCandidate, installFakePeerConnection } from '@/testing/fake-peer-connection'
import { initTokenStore } from '@/lib/session'

/**
 * jsdom has no WebRTC: the workstation's local IP comes from a scripted peer connection (null: no
 * candidate at all, as on a machine with no network route).
 */
export function renderApp(path: string, localIp: string | null = '192.168.1.20') {
  installFakePeerConnection({ candidates: localIp === null ? [] : [hostCandidate(localIp)] })
  initTokenStore()
  const queryClient = createQueryClient()
  // The app's retry rule (which errors, how many tries) without TanStack's waits between the tries,
  // 1 s then 2 s: an error state is asserted after the same tries, 3 s sooner.
  const defaults = queryClient.getDefaultOptions()
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 1 } })
  const history = createMemoryHistory({ initialEntries: [path] })
  const router = createAppRouter(queryClient, history)
  const view = render(<AppProviders router={router} queryClient={queryClient} />)
  return { ...view, router, queryClient, history }
}
