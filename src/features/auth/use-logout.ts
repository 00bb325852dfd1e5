import { logoutCall } from '@contract'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import { callApi } from '@/lib/http'
import { messages } from '@/lib/messages'
import { getToken, setToken } from '@/lib/session'
import { showToast } from '@/lib/ui/toast'

/**
 * docs/specification.md §4 logout: clear the token (the router then lands on /login), forget the previous user's
 * cached data, refresh the current route. The caller closes the account drawer.
 *
 * The server is asked first to end the session (POST /rest/logout: every server refuses the token
 * from then on), with the token read as the call starts; nobody waits for its answer. Offline, or
 * against a backend without the call, the token is forgotten all the same and lapses at its expiry.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient()
  const router = useRouter()
  return useCallback(async () => {
    try {
      if (getToken() !== null) void callApi(logoutCall).catch(() => undefined)
      setToken(null)
      queryClient.clear()
      await router.invalidate()
    } catch {
      showToast({ color: 'red', message: messages.errors.logoutFailed })
    }
  }, [queryClient, router])
}
