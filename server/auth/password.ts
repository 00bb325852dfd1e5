/**
 * Password hashing with node:crypto scrypt (memory-hard, no native dependency). The stored
 * string carries its own parameters, so they can be raised later without breaking old hashes:
 * scrypt$N$r$p$salt$hash (base64url).
 */
import { randomBytes, scrypt, type ScryptOptions } from 'node:crypto'
import { sameBytes } from '../kernel/same-bytes.ts'

const KEY_LENGTH = 32
const DEFAULTS = { N: 16_384, r: 8, p: 1 }

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, length, { ...options, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  )
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, DEFAULTS, KEY_LENGTH)
  const { N, r, p } = DEFAULTS
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    { N: Number(N), r: Number(r), p: Number(p) },
    expected.length,
  )
  return sameBytes(actual, expected)
}

let dummy: Promise<string> | undefined
/**
 * A hash to check against when the user does not exist, so an unknown user name costs the same
 * time as a wrong password and the answer time does not reveal which accounts exist.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(12).toString('base64url'))
  return dummy
}
