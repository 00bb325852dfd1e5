import type { QueryClient } from '@tanstack/react-query'
import { createRouter, useRouter, type RouterHistory } from '@tanstack/react-router'
import { messages } from '@/lib/messages'
import { FullScreenMessage, RetryButton } from '@/lib/ui/full-screen-message'
import { routeTree } from '../routeTree.gen'

/** A screen whose code or data failed to load (often: the network dropped mid-navigation). */
function ScreenError() {
  const router = useRouter()
  return (
    <FullScreenMessage
      inLayout
      text={messages.errors.screenLoad}
      action={<RetryButton label={messages.errors.retry} onRetry={() => void router.invalidate()} />}
    />
  )
}

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loader data lives in TanStack Query; the router must not cache a second copy.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: () => <FullScreenMessage inLayout text={messages.errors.notFoundPage} />,
    defaultErrorComponent: ScreenError,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
