import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError } from '@/lib/http'
import { messages } from '@/lib/messages'
import { isServerReachable, subscribeReachable } from '@/lib/network-status'
import { showToast } from '@/lib/ui/toast'

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorToast?: boolean }
    mutationMeta: { errorToast?: boolean }
  }
}

function toastError(error: unknown) {
  // A 401 has already cleared the token and the router is on its way to /login.
  if (error instanceof ApiError && error.status === 401) return
  const message = error instanceof ApiError ? error.message : messages.errors.unexpectedAnswer
  showToast({ color: 'red', message })
}

/** The one rule of what may succeed on a retry (ApiError.isRetryable, as the outbox uses it). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && !error.isRetryable) return false
  return failureCount < 2
}

/** The one place errors of server calls become toasts (docs/architecture.md "Client mechanisms"). */
export function createQueryClient(): QueryClient {
  // Refetch-on-reconnect follows the server's answers, not the browser's online/offline events
  // (docs/architecture.md, secure contexts: on a Wi-Fi without internet the browser says offline while the server answers).
  onlineManager.setEventListener((setOnline) => subscribeReachable(() => setOnline(isServerReachable())))
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A first load that fails shows its own error state; toasts are for background refreshes.
        if (query.meta?.errorToast === false || query.state.data === undefined) return
        toastError(error)
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.errorToast !== false) toastError(error)
      },
    }),
    defaultOptions: {
      // 'always': a call is made even when the browser says it is offline. TanStack's default
      // ('online') would pause it until the network is back, leaving a scan with no answer; here
      // it fails at once with the French network message, a lookup falls back to its offline path,
      // and stock writes go to the outbox.
      queries: { retry: shouldRetry, refetchOnWindowFocus: true, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  })
}
