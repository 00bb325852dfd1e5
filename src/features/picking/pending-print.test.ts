// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { loadPendingPrint, PENDING_PRINT_KEY, savePendingPrint } from './pending-print.ts'

const click = { signature: 'maison-lumiere|mono_gift|12', key: 'k-1' }

describe('the key of a print click without answer', () => {
  beforeEach(() => localStorage.clear())

  it('is kept on the device until answered', () => {
    savePendingPrint(click, 1_000)
    expect(loadPendingPrint(2_000)).toEqual(click)
    savePendingPrint(null)
    expect(loadPendingPrint(2_000)).toBeNull()
  })

  it('is forgotten after a day: a click the next day is a new request', () => {
    savePendingPrint(click, 0)
    expect(loadPendingPrint(24 * 3_600_000 - 1)).toEqual(click)
    expect(loadPendingPrint(24 * 3_600_000)).toBeNull()
  })

  it('ignores a damaged value', () => {
    localStorage.setItem(PENDING_PRINT_KEY, '{"signature":1')
    expect(loadPendingPrint()).toBeNull()
    localStorage.setItem(PENDING_PRINT_KEY, JSON.stringify({ signature: 's', key: 2, at: 0 }))
    expect(loadPendingPrint(1)).toBeNull()
  })
})
