/**
 * What an HTTP answer means whatever the platform (README.md beside this file): the wait a
 * Retry-After asks for, the platform's words in an error body, and the runner's guard against a
 * platform answering in a loop.
 */
import { describe, expect, it } from 'vitest'
import { deliver, httpOutcome, platformMessage, retryAfterMs } from './http-outcome.ts'
import type { FulfilmentAdapter, PlatformResponse } from './types.ts'

const answer = (status: number, body = '', headers: Record<string, string> = {}): PlatformResponse => ({
  status,
  headers,
  body,
})

describe('an HTTP answer', () => {
  it('reads Retry-After in seconds or as a date, at most a day', () => {
    const now = Date.parse('2026-03-02T16:00:00Z')
    expect(retryAfterMs({ 'retry-after': '2.0' }, now)).toBe(2000)
    expect(retryAfterMs({ 'retry-after': 'Mon, 02 Mar 2026 16:01:00 GMT' }, now)).toBe(60_000)
    expect(retryAfterMs({ 'retry-after': '999999' }, now)).toBe(24 * 60 * 60 * 1000)
    for (const value of ['', 'soon', '-5', 'Mon, 02 Mar 2026 15:00:00 GMT'])
      expect(retryAfterMs({ 'retry-after': value }, now)).toBe(0)
    expect(retryAfterMs({}, now)).toBe(0)
  })

  it('finds the platform’s words: a message, Shopify’s errors in any form, a short text; not a page', () => {
    expect(platformMessage('{"code":"x","message":"Invalid ID.","data":{"status":404}}')).toBe('Invalid ID.')
    expect(platformMessage('{"errors":"Not Found"}')).toBe('Not Found')
    expect(platformMessage('{"errors":{"line_items":["is invalid","is empty"]}}')).toBe(
      'is invalid ; is empty',
    )
    expect(platformMessage('{"errors":[{"message":"a"},{"message":"b"}]}')).toBe('a ; b')
    expect(platformMessage('Bad gateway')).toBe('Bad gateway')
    expect(platformMessage('<html><body>Error</body></html>')).toBeNull()
    expect(platformMessage('')).toBeNull()
    expect(platformMessage(JSON.stringify({ message: 'x'.repeat(400) }))!.length).toBe(300)
  })

  it('is a success from 200 to 299, a later try for 408, 429 and 5xx, a refusal otherwise', () => {
    expect(httpOutcome('Shopify', answer(201))).toBeNull()
    expect(httpOutcome('Shopify', answer(408))).toMatchObject({ outcome: 'retry' })
    expect(httpOutcome('Shopify', answer(503, '', { 'retry-after': '7' }))).toMatchObject({
      outcome: 'retry',
      afterMs: 7000,
    })
    expect(httpOutcome('Shopify', answer(403, '{"errors":"Forbidden"}'))).toEqual({
      outcome: 'refused',
      reason:
        'Shopify a refusé l’accès (403) : les identifiants n’ont pas le droit d’expédier. Réponse de Shopify : « Forbidden ».',
    })
    expect(
      httpOutcome('WooCommerce', answer(301, '', { location: 'https://www.boutique.example/' })),
    ).toEqual({
      outcome: 'refused',
      reason:
        'WooCommerce a répondu par une redirection (301 vers https://www.boutique.example/) : vérifiez l’adresse dans les réglages.',
    })
    expect(httpOutcome('WooCommerce', answer(400, '{"message":"Invalid parameter(s): status"}'))).toEqual({
      outcome: 'refused',
      reason:
        'WooCommerce a refusé l’expédition (400). Réponse de WooCommerce : « Invalid parameter(s): status ».',
    })
  })

  it('stops a platform answering in a loop', async () => {
    const looping: FulfilmentAdapter = {
      platform: 'shopify',
      label: 'Shopify',
      next: () => ({ request: { method: 'POST', url: 'https://x.myshopify.com/', headers: {}, body: '{}' } }),
    }
    let calls = 0
    const outcome = await deliver(looping, { platformOrderId: '1', carrier: null, parcels: [] }, async () => {
      calls++
      return answer(200, '{}')
    })
    expect(outcome).toEqual({
      outcome: 'retry',
      afterMs: 0,
      reason: 'Shopify a répondu en boucle : nouvel essai plus tard.',
    })
    expect(calls).toBe(12)
  })
})
