import { loginCheckCall, type LoginBody } from '@contract'
import { useMutation } from '@tanstack/react-query'
import { callApi } from '@/lib/http'
import { setToken } from '@/lib/session'
import { deviceTokenFor, keepDeviceToken } from './device-tokens.ts'

/**
 * POST /rest/login_check with this device's token for the account, when it has one; on success
 * the token is stored (and so reaches the other tabs), and the device's token kept for next time.
 */
export function useLoginMutation() {
  return useMutation({
    mutationFn: (body: LoginBody) => {
      const device = body.device ?? deviceTokenFor(body.username)
      return callApi(loginCheckCall, { body: device === undefined ? body : { ...body, device } })
    },
    onSuccess: ({ token, device }, { username }) => {
      if (device !== undefined) keepDeviceToken(username, device)
      setToken(token)
    },
    // The form shows the error next to its fields; no global toast on top of it.
    meta: { errorToast: false },
  })
}
