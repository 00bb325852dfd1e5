import { describe, expect, it } from 'vitest'
import { CARRIER_CODES, freeCarrierCodes } from './carrier-codes.ts'

describe('the carrier codes a new carrier may take', () => {
  it('are those of the server not added yet, in the server order', () => {
    expect(freeCarrierCodes([])).toEqual([...CARRIER_CODES])
    expect(freeCarrierCodes(['ups', 'colissimo'])).toEqual(['chronopost', 'dpd', 'gls', 'mondial-relay'])
  })
})
