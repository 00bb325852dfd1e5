import { describe, expect, it } from 'vitest'
import { endpoints, MAX_LINE_QUANTITY, MAX_LINE_QUANTITY_MESSAGE, STOCK_INFO_ROLES } from './index.ts'

const { receptionAdd, warehouseTransfer, rebutAdd, inventoryCount } = endpoints

/** Every quantity a stock write carries, as a body with that quantity. */
type Parse = (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } }
const bodies: Record<string, { schema: { safeParse: Parse }; body(quantity: number): unknown }> = {
  reception: {
    schema: receptionAdd.body,
    body: (quantity) => ({ lines: [{ code: 'ML-1', quantity, location: 'A' }] }),
  },
  transfer: {
    schema: warehouseTransfer.body,
    body: (quantity) => ({ from: 'A', to: 'B', lines: [{ code: 'ML-1', quantity }] }),
  },
  rebut: {
    schema: rebutAdd.body,
    body: (quantity) => ({ code: 'ML-1', quantity, location: 'A', reason: 1 }),
  },
  inventory: {
    schema: inventoryCount.body,
    body: (quantity) => ({ location: 'A', counts: [{ code: 'ML-1', quantity }] }),
  },
}

describe('stock contract', () => {
  it.each(Object.keys(bodies))('%s: one line quantity limit, MAX_LINE_QUANTITY, with one message', (name) => {
    const { schema, body } = bodies[name]!
    expect(schema.safeParse(body(MAX_LINE_QUANTITY)).success).toBe(true)
    const over = schema.safeParse(body(MAX_LINE_QUANTITY + 1))
    expect(over.success).toBe(false)
    expect(over.error?.issues.map((i) => i.message)).toEqual([MAX_LINE_QUANTITY_MESSAGE])
  })

  it('says the limit in French with its digits grouped', () => {
    expect(MAX_LINE_QUANTITY_MESSAGE).toBe('La quantité ne peut dépasser 100 000')
  })

  it('opens every stock information endpoint to the same roles', () => {
    const {
      locationInformation,
      locationStock,
      shopLocationStock,
      productInfo,
      productQuantity,
      productInfoInventory,
    } = endpoints
    for (const def of [
      locationInformation,
      locationStock,
      shopLocationStock,
      productInfo,
      productQuantity,
      productInfoInventory,
    ])
      expect(def.roles, def.path).toBe(STOCK_INFO_ROLES)
  })
})
