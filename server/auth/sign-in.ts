/**
 * Signing in (POST /rest/login_check, docs/specification.md §7.2): the throttle (rate-limit.ts) first,
 * the password next, then a session token and the device's token (device.ts) for the next time.
 */
import { ERROR_CODES, type LoginBody } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { HttpError, MESSAGES } from '../http/errors.ts'
import { issueDeviceToken, knownDevice } from './device.ts'
import { type JwtKey, signToken } from './jwt.ts'
import { dummyHash, verifyPassword } from './password.ts'
import { reserveLoginAttempt, settleLoginAttempt, tooManyAttemptsMessage } from './rate-limit.ts'

export async function signIn(
  db: Db,
  key: JwtKey,
  body: LoginBody,
  ip: string,
): Promise<{ token: string; device: string }> {
  // The generation is read with the hash: a reset committed after this read makes the tokens
  // issued below of the previous generation, refused (sessions.ts), the device's too (device.ts).
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'password_hash', 'disabled', 'sessions_generation'])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', body.username.toLowerCase()))
    .executeTakeFirst()
  const device = knownDevice(key, user, body.device)
  const reserved = await reserveLoginAttempt(db, { username: body.username, ip, device })
  if ('blockedFor' in reserved) {
    throw new HttpError(
      429,
      { code: ERROR_CODES.tooManyAttempts, message: tooManyAttemptsMessage(reserved.blockedFor) },
      { 'retry-after': String(reserved.blockedFor) },
    )
  }
  // Unknown user: still verify against a hash, so both failures take the same time.
  const passwordOk = await verifyPassword(body.password, user?.password_hash ?? (await dummyHash()))
  const success = Boolean(user) && passwordOk
  await settleLoginAttempt(db, reserved.attempt, success)
  if (!user || !success) {
    throw new HttpError(401, { code: ERROR_CODES.invalidCredentials, message: MESSAGES.invalidCredentials })
  }
  // Said only to whoever knows the password: the account exists but may no longer sign in.
  if (user.disabled)
    throw new HttpError(403, { code: ERROR_CODES.forbidden, message: MESSAGES.accountDisabled })
  return {
    token: await signToken(key, {
      id: user.id,
      username: user.username,
      generation: user.sessions_generation,
    }),
    // A device keeps its token (and its own count of failures); a new one gets its own.
    device: device !== null && body.device ? body.device : issueDeviceToken(key, user),
  }
}
