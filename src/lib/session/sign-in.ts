import { loginCheckCall, type LoginBody } from '@contract'
import { callApi } from '../http.ts'
import { deviceTokenFor, keepDeviceToken } from './device-tokens.ts'
import { setToken } from './token-store.ts'

/**
 * POST /rest/login_check with this device's token for the account, when it has one; on success
 * the device's answered token is kept for next time and the session token stored (and so reaches
 * the other tabs). The one way the app signs in with a password: the sign-in form, and an
 * administrator's new session after resetting their own password. Here, below features, so that
 * both may reach it.
 */
export async function signIn(body: LoginBody) {
  const device = body.device ?? deviceTokenFor(body.username)
  const answer = await callApi(loginCheckCall, { body: device === undefined ? body : { ...body, device } })
  if (answer.device !== undefined) keepDeviceToken(body.username, answer.device)
  setToken(answer.token)
  return answer
}
