import { type LoginBody } from '@contract'
import { useMutation } from '@tanstack/react-query'
import { signIn } from '@/lib/session'

/**
 * POST /rest/login_check through signIn (src/lib/session/sign-in.ts): this device's token for the
 * account is sent when it has one; on success the token is stored (and so reaches the other tabs),
 * and the device's token kept for next time.
 */
export function useLoginMutation() {
  return useMutation({
    mutationFn: (body: LoginBody) => signIn(body),
    // The form shows the error next to its fields; no global toast on top of it.
    meta: { errorToast: false },
  })
}
