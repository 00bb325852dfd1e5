/**
 * Inventory (docs/specification.md §7.5): the counted quantities of a location become its ledger quantities through
 * INVENTORY movements — a surplus enters the location (to_location_id), a shortfall leaves it
 * (from_location_id). The same write path as the other stock writes (stockWrite), with a read
 * first: the location is locked and its stock read in one statement (lockAndRead), in a
 * transaction that keeps the lock until the movements are written with the stored answer, so no
 * other write moves its goods in between.
 */
import type { endpoints } from '../../contract/endpoints.ts'
import type { Handler } from '../http/register.ts'
import { stockWrite } from '../stock/idempotency.ts'
import { pickLocation, pickProduct, type ProductRow } from '../stock/resolve.ts'

type E = typeof endpoints

export const inventoryCount: Handler<E['inventoryCount']> = async (ctx) => {
  const { body, user } = ctx
  const what = { codes: body.counts.map((c) => c.code), locations: [body.location] }
  return stockWrite(ctx, what, async ({ found, insertMovements, lockAndRead }) => {
    const location = pickLocation(found.locations, body.location, 'location')
    // The same product counted on two lines (two spots of the location) is one total.
    const counted = new Map<number, { product: ProductRow; quantity: number }>()
    body.counts.forEach((line, i) => {
      const product = pickProduct(found.products, line.code, user.shops, `counts.${i}.code`, 'user')
      const entry = counted.get(product.id)
      if (entry) entry.quantity += line.quantity
      else counted.set(product.id, { product, quantity: line.quantity })
    })

    const before = await lockAndRead([location.id], location.id, [...counted.keys()])
    const adjustments = [...counted.values()].map(({ product, quantity }) => ({
      product,
      before: before.get(product.id) ?? 0,
      after: quantity,
    }))
    const moves = adjustments
      .filter((a) => a.after !== a.before)
      .map((a) => ({
        kind: 'INVENTORY' as const,
        product_id: a.product.id,
        from_location_id: a.after < a.before ? location.id : null,
        to_location_id: a.after > a.before ? location.id : null,
        quantity: Math.abs(a.after - a.before),
        user_id: user.id,
        reason: 'Inventaire',
      }))
    // The answer names no movement id: insertMovements stores it as it is.
    return insertMovements(moves, () => ({
      adjustments: adjustments.map((a) => ({ sku: a.product.sku, before: a.before, after: a.after })),
    }))
  })
}
