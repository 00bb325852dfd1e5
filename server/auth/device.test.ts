import { describe, expect, it } from 'vitest'
import { issueDeviceToken, knownDevice } from './device.ts'
import { jwtKey } from './jwt.ts'

const key = jwtKey('device-test-secret-that-is-long-enough-32')

const stock = { id: 3, sessions_generation: 0 }

describe('known devices', () => {
  it('names the device of a token issued for the account', () => {
    const token = issueDeviceToken(key, stock)
    const id = token.split('.')[0]
    expect(knownDevice(key, { ...stock }, token)).toBe(id)
  })

  it("knows no device from another account's token, another key, or none", () => {
    const token = issueDeviceToken(key, stock)
    expect(knownDevice(key, { id: 1, sessions_generation: 0 }, token)).toBeNull()
    expect(knownDevice(jwtKey('another-device-secret-that-is-32-chars'), stock, token)).toBeNull()
    expect(knownDevice(key, stock, undefined)).toBeNull()
    expect(knownDevice(key, stock, '')).toBeNull()
    expect(knownDevice(key, undefined, token)).toBeNull() // no such account
  })

  it("knows no device of an earlier sessions generation (a reset, 'Fermer les sessions': a lost handheld)", () => {
    const token = issueDeviceToken(key, stock)
    expect(knownDevice(key, { ...stock, sessions_generation: 1 }, token)).toBeNull()
  })

  it('reads only the spelling it issued: no padding, no other alphabet, nothing added or swapped', () => {
    const token = issueDeviceToken(key, stock)
    const [id, signature] = token.split('.') as [string, string]
    // The last character carries 2 unused bits: three other letters there decode to the same bytes.
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const last = ALPHABET.indexOf(signature.at(-1) as string)
    const sameBytes = ALPHABET[(last & ~3) | ((last + 1) & 3)] as string
    expect(Buffer.from(`${signature.slice(0, -1)}${sameBytes}`, 'base64url')).toEqual(
      Buffer.from(signature, 'base64url'),
    )
    const variants = [
      `${token}=`,
      `${token}\u0000`,
      ` ${token}`,
      `${id}.${signature.replaceAll('-', '+').replaceAll('_', '/')}`,
      `${id}!.${signature}`,
      `${id}.${signature.slice(0, -1)}${sameBytes}`,
      `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}.${signature}`,
      `${id}.${signature}${signature}`,
      id,
    ]
    for (const variant of variants) if (variant !== token) expect(knownDevice(key, stock, variant)).toBeNull()
  })
})
