/**
 * POST /rest/setup/first-admin: creates the first administrator and signs them in, the token
 * stored as sign-in stores it (lib/session), so every tab follows. Loaded with /setup only.
 */
import { setupFirstAdmin, type FirstAdminBody } from '@contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { callApi } from '@/lib/http'
import { setToken } from '@/lib/session'
import { setupKeys } from './status.ts'

export function useFirstAdminMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: FirstAdminBody) => callApi(setupFirstAdmin, { body }),
    onSuccess: ({ token }) => {
      queryClient.setQueryData(setupKeys.status(), { needsFirstAdmin: false })
      setToken(token)
    },
    // The form shows the refusal beside its fields.
    meta: { errorToast: false },
  })
}
