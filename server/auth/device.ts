/**
 * Known devices (OWASP's device cookie, as a token the client keeps: docs/security.md 'Sign-in and
 * sessions'). A successful sign-in hands the browser a token naming the account and a random
 * device id, signed with the server's key; sent with a later sign-in of the same account, it lets
 * that device try under its own limit instead of the account's, which strangers may have used up.
 * It opens nothing by itself: the password is still checked. It is bound to the account's id and
 * sessions generation: a password reset or 'Fermer les sessions' (a lost handheld) makes every
 * device unknown again, and a name given later to another account knows none of the old ones.
 */
import { createHmac, randomBytes } from 'node:crypto'
import { sameBytes } from '../kernel/same-bytes.ts'
import type { JwtKey } from './jwt.ts'

/** '<device id>.<signature>', both base64url: 16 random bytes and an HMAC-SHA256. */
const SHAPE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/

// Its own purpose in the MAC's input: a device token can never pass for anything else signed with
// the key, nor a token of one account for another's.
const mac = (key: JwtKey, account: DeviceAccount, id: string) =>
  createHmac('sha256', key)
    .update(`login-device\n${account.id}\n${account.sessions_generation}\n${id}`)
    .digest()

/** The account a device token is for, as the users table has it. */
export interface DeviceAccount {
  id: number
  sessions_generation: number
}

export function issueDeviceToken(key: JwtKey, account: DeviceAccount): string {
  const id = randomBytes(16).toString('base64url')
  return `${id}.${mac(key, account, id).toString('base64url')}`
}

/**
 * The device id of a token issued for this account in its current sessions generation, or null
 * (none, another account's, an earlier generation's, forged). Only the exact spelling the server
 * issues is read: the signature is compared as the text the server writes (base64url has one
 * canonical form of 32 bytes in 43 characters), as the document links' are.
 */
export function knownDevice(
  key: JwtKey,
  account: DeviceAccount | undefined,
  token: string | undefined,
): string | null {
  if (!account) return null // no such account: no device of it
  const parts = token === undefined ? null : SHAPE.exec(token)
  if (!parts) return null
  const [, id, signature] = parts as unknown as [string, string, string]
  return sameBytes(signature, mac(key, account, id).toString('base64url')) ? id : null
}
