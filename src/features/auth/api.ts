import { loginCheckCall, type LoginBody } from '@contract'
import { useMutation } from '@tanstack/react-query'
import { callApi } from '@/lib/http'
import { setToken } from '@/lib/session'

/** POST /rest/login_check; on success the token is stored (and so reaches the other tabs). */
export function useLoginMutation() {
  return useMutation({
    mutationFn: (body: LoginBody) => callApi(loginCheckCall, { body }),
    onSuccess: ({ token }) => setToken(token),
    // The form shows the error next to its fields; no global toast on top of it.
    meta: { errorToast: false },
  })
}
