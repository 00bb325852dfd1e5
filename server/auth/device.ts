/**
 * Known devices (OWASP's device cookie, as a token the client keeps: docs/security.md 'Sign-in and
 * sessions'). A successful sign-in hands the browser a token naming the account and a random
 * device id, signed with the server's key; sent with a later sign-in of the same account, it lets
 * that device try under its own limit instead of the account's, which strangers may have used up.
 * It opens nothing by itself: the password is still checked.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { JwtKey } from './jwt.ts'
import { attemptKey } from './rate-limit.ts'

/** '<device id>.<signature>', both base64url: 16 random bytes and an HMAC-SHA256. */
const SHAPE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/

// Its own purpose in the MAC's input: a device token can never pass for anything else signed with
// the key, nor a token of one account for another's.
const mac = (key: JwtKey, username: string, id: string) =>
  createHmac('sha256', key)
    .update(`login-device\n${attemptKey(username)}\n${id}`)
    .digest()

export function issueDeviceToken(key: JwtKey, username: string): string {
  const id = randomBytes(16).toString('base64url')
  return `${id}.${mac(key, username, id).toString('base64url')}`
}

/**
 * The device id of a token issued for this account, or null (none, another account's, forged). Only
 * the exact spelling the server issues is read: base64url has one canonical form of 32 bytes in 43
 * characters, and the decoded signature must give that same spelling back.
 */
export function knownDevice(key: JwtKey, username: string, token: string | undefined): string | null {
  const parts = token === undefined ? null : SHAPE.exec(token)
  if (!parts) return null
  const [, id, signature] = parts as unknown as [string, string, string]
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== 32 || given.toString('base64url') !== signature) return null
  return timingSafeEqual(given, mac(key, username, id)) ? id : null
}
