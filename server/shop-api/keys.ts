/**
 * A shop's API keys (issue 33): `sk_<prefix>_<secret>`, where the prefix (12 characters) finds the
 * key's row and is shown in the admin area, and the secret is 256 random bits. Only the SHA-256 of
 * the whole key is stored: a slow hash (scrypt, as for passwords) protects guessable secrets, and
 * this one cannot be guessed, while every call checks it.
 */
import { createHash, randomBytes } from 'node:crypto'
import { sameBytes } from '../kernel/same-bytes.ts'

const PREFIX_LENGTH = 12
const KEY = /^sk_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/
/** Lower-case letters and digits without look-alikes (0/o, 1/l/i): a prefix read aloud or copied by hand. */
const PREFIX_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

export interface NewKey {
  /** The whole key, shown once. */
  secret: string
  prefix: string
  sha256: Buffer
}

export function newKey(): NewKey {
  const bytes = randomBytes(PREFIX_LENGTH)
  const prefix = Array.from(bytes, (b) => PREFIX_ALPHABET[b % PREFIX_ALPHABET.length]).join('')
  const secret = `sk_${prefix}_${randomBytes(32).toString('base64url')}`
  return { secret, prefix, sha256: sha256(secret) }
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest()

/** The prefix of a well-formed key, or null: what looks like no key is refused before any read. */
export function keyPrefix(presented: string): string | null {
  return KEY.exec(presented)?.[1] ?? null
}

/** Whether the presented key is the one whose hash is stored, in constant time. */
export function keyMatches(presented: string, stored: Uint8Array): boolean {
  return sameBytes(sha256(presented), stored)
}

/** Whether a bearer token is a shop key rather than a staff session token (a JWT). */
export const looksLikeShopKey = (token: string) => token.startsWith('sk_')
