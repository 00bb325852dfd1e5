import { describe, expect, it } from 'vitest'
import {
  documentKey,
  type DocumentPayload,
  MAX_TOKEN_LENGTH,
  runs,
  signDocumentToken,
  unruns,
  verifyDocumentToken,
} from './token.ts'

const key = documentKey('a-jwt-secret-that-is-at-least-32-characters')
const now = Date.UTC(2026, 0, 15, 10)
const exp = now / 1000 + 600
const payload: DocumentPayload = { kind: 'locations', args: { ids: [3, 1, 2, 9] }, format: 'pdf', exp }

describe('document tokens', () => {
  it('round-trips what to render, with ids sorted and distinct', () => {
    const token = signDocumentToken(key, payload)
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/)
    expect(verifyDocumentToken(key, token, now)).toEqual({
      ok: true,
      payload: { ...payload, args: { ids: [1, 2, 3, 9] } },
    })
    const boxes: DocumentPayload = { kind: 'boxes', args: { from: 5, to: 9 }, format: 'zpl', exp }
    expect(verifyDocumentToken(key, signDocumentToken(key, boxes), now)).toEqual({ ok: true, payload: boxes })
  })

  it('expires', () => {
    const token = signDocumentToken(key, payload)
    expect(verifyDocumentToken(key, token, exp * 1000)).toEqual({ ok: false, reason: 'expired' })
    expect(verifyDocumentToken(key, token, exp * 1000 - 1).ok).toBe(true)
  })

  it('refuses a tampered payload or signature, another key, and garbage', () => {
    const token = signDocumentToken(key, payload)
    const [body, signature] = token.split('.') as [string, string]
    const other = signDocumentToken(key, { ...payload, args: { ids: [1, 2, 3, 4, 5] } })
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1)
    for (const forged of [
      `${flip(body, 3)}.${signature}`,
      `${body}.${flip(signature, 5)}`,
      `${other.split('.')[0]}.${signature}`,
      `${body}.`,
      `${token}.x`,
      'garbage',
      '',
    ]) {
      expect(verifyDocumentToken(key, forged, now)).toEqual({ ok: false, reason: 'invalid' })
    }
    expect(verifyDocumentToken(documentKey('x'.repeat(40)), token, now).ok).toBe(false)
  })

  it('takes the signature in its one spelling only (issue 35: 6 of 7 others were taken)', () => {
    const token = signDocumentToken(key, payload)
    const [body, signature] = token.split('.') as [string, string]
    const bytes = Buffer.from(signature, 'base64url')
    // 32 bytes are 43 characters and 2 spare bits: the last character has 3 neighbours of the same value.
    const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const index = last.indexOf(signature.at(-1)!)
    const spareBits = signature.slice(0, -1) + last[index ^ 1]
    expect(Buffer.from(spareBits, 'base64url')).toEqual(bytes)
    for (const spelling of [
      `${signature}\0`,
      `${signature}=`,
      `${signature.slice(0, 10)}!${signature.slice(10)}`,
      `${signature} `,
      `${signature}\n`,
      bytes.toString('base64'), // standard base64, padded
      spareBits,
    ]) {
      expect(Buffer.from(spelling, 'base64url'), spelling).toEqual(bytes) // the same bytes, decoded
      expect(verifyDocumentToken(key, `${body}.${spelling}`, now), spelling).toEqual({
        ok: false,
        reason: 'invalid',
      })
    }
    expect(verifyDocumentToken(key, token, now).ok).toBe(true)
  })

  it('stays short for the largest requests: 500 scattered ids, 200 products', () => {
    const scattered = Array.from({ length: 500 }, (_, i) => 1 + i * 7)
    const token = signDocumentToken(key, { ...payload, args: { ids: scattered } })
    expect(token.length).toBeLessThan(MAX_TOKEN_LENGTH)
    const check = verifyDocumentToken(key, token, now)
    expect(check.ok && check.payload.kind === 'locations' && check.payload.args.ids).toEqual(scattered)
  })

  it('writes id lists as runs', () => {
    expect(runs([7, 1, 2, 3, 3, 10, 11])).toBe('1-3,7,10-11')
    expect(unruns('1-3,7,10-11')).toEqual([1, 2, 3, 7, 10, 11])
    expect(unruns('5-2')).toEqual([NaN])
  })
})
