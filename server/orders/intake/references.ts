/**
 * What an order names that the database knows (issue 33): the shop's SKUs and the warehouse's
 * carriers, each read once for a whole batch, and the problems of the orders that name one it does
 * not have; then the numbers of the labels the shops bought (shop-label.ts).
 */
import { type Kysely, sql } from 'kysely'
import { findService, isCarrierCode } from '../../carriers/registry.ts'
import type { Database } from '../../db/schema.ts'
import { checkLabelNumbers } from './shop-label.ts'
import type { Checked } from './write.ts'

/** Adds each order's problems with what it names; answers the products' and carriers' ids. */
export async function checkReferences(trx: Kysely<Database>, shopId: number, orders: readonly Checked[]) {
  const products = await productIds(trx, shopId, orders)
  const carriers = await carrierIds(trx, orders)
  for (const { order, problems } of orders) {
    order.lines.forEach((line, i) => {
      if (!products.has(line.sku))
        problems.push({ field: `lines[${i}].sku`, code: 'unknown_sku', value: line.sku })
    })
    if (order.carrier !== undefined) {
      const code = order.carrier
      if (!isCarrierCode(code) || !carriers.has(code))
        problems.push({ field: 'carrier', code: 'unknown_carrier', value: code })
      else if (order.service !== undefined && !findService(code, order.service))
        problems.push({ field: 'service', code: 'unknown_service', value: order.service })
    }
    const bought = order.label?.carrier
    if (bought !== undefined && (!isCarrierCode(bought) || !carriers.has(bought)))
      problems.push({ field: 'label.carrier', code: 'unknown_carrier', value: bought })
  }
  await checkLabelNumbers(trx, shopId, orders, carriers)
  return { products, carriers }
}

async function productIds(trx: Kysely<Database>, shopId: number, orders: readonly Checked[]) {
  const skus = [...new Set(orders.flatMap((o) => o.order.lines.map((l) => l.sku)))]
  const rows = await trx
    .selectFrom('products')
    .select(['id', 'sku'])
    .where('shop_id', '=', shopId)
    // One array parameter: a batch names up to 100,000 SKUs, over PostgreSQL's 65,535 parameters.
    .where(sql<boolean>`sku = any(${skus}::text[])`)
    .execute()
  return new Map(rows.map((r) => [r.sku, r.id]))
}

async function carrierIds(trx: Kysely<Database>, orders: readonly Checked[]) {
  const codes = [...new Set(orders.flatMap(({ order }) => [order.carrier, order.label?.carrier]))].filter(
    (code): code is string => code !== undefined,
  )
  if (codes.length === 0) return new Map<string, number>()
  const rows = await trx.selectFrom('carriers').select(['id', 'code']).where('code', 'in', codes).execute()
  return new Map(rows.map((r) => [r.code, r.id]))
}
