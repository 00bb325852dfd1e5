import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import { messages } from '@/lib/messages'
import { setToken } from '@/lib/session'
import { showToast } from '@/lib/ui/toast'

/**
 * docs/specification.md §4 logout: clear the token (the router then lands on /login), forget the previous user's
 * cached data, refresh the current route. The caller closes the account drawer.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient()
  const router = useRouter()
  return useCallback(async () => {
    try {
      setToken(null)
      queryClient.clear()
      await router.invalidate()
    } catch {
      showToast({ color: 'red', message: messages.errors.logoutFailed })
    }
  }, [queryClient, router])
}
