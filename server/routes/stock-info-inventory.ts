/**
 * Inventory (SPEC §7.5): the counted quantities of a location become its ledger quantities through
 * INVENTORY movements — a surplus enters the location (to_location_id), a shortfall leaves it
 * (from_location_id). The location is locked first, so no other write moves its goods meanwhile.
 */
import type { endpoints } from '../../contract/endpoints.ts'
import type { Handler } from '../http/register.ts'
import { idempotentWrite } from '../stock/idempotency.ts'
import { lockLocations, stockAt } from '../stock/locks.ts'
import { locationsByName, pickLocation, pickProduct, type ProductRow, productsByCode } from '../stock/resolve.ts'

type E = typeof endpoints

export const inventoryCount: Handler<E['inventoryCount']> = async (ctx) => {
  const { body, user } = ctx
  return idempotentWrite(ctx, async (trx) => {
    const location = pickLocation(await locationsByName(trx, [body.location]), body.location, 'location')
    const found = await productsByCode(
      trx,
      body.counts.map((c) => c.code),
    )
    // The same product counted on two lines (two spots of the location) is one total.
    const counted = new Map<number, { product: ProductRow; quantity: number }>()
    body.counts.forEach((line, i) => {
      const product = pickProduct(found, line.code, user.shops, `counts.${i}.code`, 'user')
      const entry = counted.get(product.id)
      if (entry) entry.quantity += line.quantity
      else counted.set(product.id, { product, quantity: line.quantity })
    })

    await lockLocations(trx, [location.id])
    const before = await stockAt(trx, location.id, [...counted.keys()])
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
    if (moves.length > 0) await trx.insertInto('stock_movements').values(moves).execute()
    return { adjustments: adjustments.map((a) => ({ sku: a.product.sku, before: a.before, after: a.after })) }
  })
}
