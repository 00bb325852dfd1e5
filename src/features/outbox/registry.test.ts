import { endpoints } from '@contract'
import { describe, expect, it } from 'vitest'
import { callOf, locationEffects, reopenHref } from './registry.ts'
import type { StockWrite } from './types.ts'

const received: StockWrite = {
  kind: 'return',
  body: {
    order: 'ML-100006',
    origin: 1,
    lines: [
      { code: 'ML-0001', quantity: 1, condition: 'new', disposition: 'restock', location: 'a-01-01-01' },
      { code: 'ML-0002', quantity: 1, condition: 'damaged', disposition: 'scrap', rebutReason: 1 },
      { code: 'X', quantity: 1, condition: 'opened', disposition: 'quarantine' },
    ],
  },
}
const resolved: StockWrite = { kind: 'resolve', targetNumber: 'RET-000007', body: { order: 'ML-100006' } }

describe('the customer return writes', () => {
  it('sends a receipt to its endpoint, putting goods into the restock location and RETOURS', () => {
    expect(callOf(received)).toEqual({ endpoint: endpoints.orderReturn, params: undefined })
    expect(locationEffects(received)).toEqual({ adds: ['A-01-01-01', 'RETOURS', 'RETOURS'], takes: [] })
  })

  it('sends a resolution to the return it names, moving no goods', () => {
    expect(callOf(resolved)).toEqual({ endpoint: endpoints.returnResolve, params: { number: 'RET-000007' } })
    expect(locationEffects(resolved)).toEqual({ adds: [], takes: [] })
  })

  it('reopens a refused receipt in the return screen; a refused resolution is retried or discarded only', () => {
    expect(reopenHref({ id: 7, kind: 'return', write: received, errorStatus: 409 })).toBe(
      '/warehouse/order-return?reopen=7',
    )
    expect(reopenHref({ id: 8, kind: 'resolve', write: resolved, errorStatus: 409 })).toBeNull()
  })
})
