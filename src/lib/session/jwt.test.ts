import { describe, expect, it } from 'vitest'
import { decodeToken, isTokenExpired, isUsableToken } from './jwt.ts'

// base64url of the UTF-8 bytes, as a server encodes a JWT part.
const enc = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
const token = (payload: unknown) => `${enc({ alg: 'HS256' })}.${enc(payload)}.c2ln`

describe('token checks (SPEC §3–§5)', () => {
  it('decodes the payload of a compact three-part JWT, UTF-8 and base64url included', () => {
    expect(decodeToken(token({ exp: 10, name: 'Zoé ~~?' }))).toEqual({ exp: 10, name: 'Zoé ~~?' })
  })

  it.each([
    ['two parts', 'a.b'],
    ['four parts', 'a.b.c.d'],
    ['an empty payload', 'a..c'],
    ['a payload that is not base64 JSON', 'a.%%%.c'],
    ['a JSON array payload', `a.${enc([1, 2])}.c`],
    ['a JSON string payload', `a.${enc('x')}.c`],
  ])('treats a token with %s as invalid', (_, value) => {
    expect(decodeToken(value)).toBeNull()
    expect(isUsableToken(value)).toBe(false)
  })

  it('says a token is expired when exp (seconds) is earlier than now', () => {
    expect(isTokenExpired({ exp: 999 }, 1000)).toBe(true)
    expect(isTokenExpired({ exp: 1000 }, 1000)).toBe(false)
    expect(isTokenExpired({ exp: 1001 }, 1000)).toBe(false)
    expect(isTokenExpired({}, 1000)).toBe(false)
  })

  it('accepts a decodable token that has not expired', () => {
    const now = Date.now() / 1000
    expect(isUsableToken(token({ exp: Math.floor(now) + 60 }))).toBe(true)
    expect(isUsableToken(token({ exp: Math.floor(now) - 60 }))).toBe(false)
  })
})
