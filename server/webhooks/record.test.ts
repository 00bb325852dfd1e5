/**
 * A round's outcomes, as record.ts counts them per endpoint: the order the answers came in decides
 * the run of failures an endpoint ends the round with.
 */
import { describe, expect, it } from 'vitest'
import { endpointTallies, type Outcome } from './record.ts'

const outcome = (endpoint_id: number, status: number | null): Outcome => ({
  id: String(Math.random()),
  attempts: 1,
  endpoint_id,
  result: {
    status,
    ms: 3,
    error: status === null ? 'injoignable' : null,
    head: null,
    retryAfter: null,
    refused: false,
  },
})

describe('webhooks: a round tallied per endpoint', () => {
  it('counts the failures after the last answer, or all of them when none came', () => {
    expect(endpointTallies([outcome(1, 503), outcome(1, 200), outcome(1, null), outcome(2, 500)])).toEqual([
      { endpoint_id: 1, answered: true, failures: 1, gone: false },
      { endpoint_id: 2, answered: false, failures: 1, gone: false },
    ])
    expect(endpointTallies([outcome(1, null), outcome(1, 302), outcome(1, 204)])).toEqual([
      { endpoint_id: 1, answered: true, failures: 0, gone: false },
    ])
  })

  it('remembers a 410 Gone even when a later attempt was answered', () => {
    expect(endpointTallies([outcome(3, 410), outcome(3, 200)])).toEqual([
      { endpoint_id: 3, answered: true, failures: 0, gone: true },
    ])
  })
})
