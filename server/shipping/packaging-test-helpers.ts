/**
 * Shared by the packaging tests: orders already picked (as a closed picking session leaves them),
 * of known lines, carrier and product weights, and the PUT that packs them.
 */
import type { FastifyInstance } from 'fastify'
import type { OrderStatus, PickingType } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'

let counter = 0

export interface TestOrder {
  name: string
  id: number
  /** Order line ids by SKU, in the order given. */
  lines: Record<string, number>
}

/**
 * An order of the shop in `status` (picked by default) with one line per SKU: `[quantity, picked]`,
 * or a number for a line wholly picked.
 */
export async function pickedOrder(
  db: Db,
  lines: Record<string, number | readonly [number, number]>,
  options: { shop?: string; carrier?: string | null; status?: OrderStatus; type?: PickingType } = {},
): Promise<TestOrder> {
  const { shop = 'maison-lumiere', carrier = 'colissimo', status = 'picked', type = 'multi' } = options
  const shopRow = await db
    .selectFrom('shops')
    .select(['id', 'code'])
    .where('slug', '=', shop)
    .executeTakeFirstOrThrow()
  const carrierRow =
    carrier === null
      ? null
      : await db.selectFrom('carriers').select('id').where('code', '=', carrier).executeTakeFirstOrThrow()
  const name = `${shopRow.code}-P${String(++counter).padStart(4, '0')}`
  const order = await db
    .insertInto('orders')
    .values({
      shop_id: shopRow.id,
      name,
      picking_type: type,
      status,
      carrier_id: carrierRow?.id ?? null,
      customer_name: 'Client Test',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const ids: Record<string, number> = {}
  for (const [sku, spec] of Object.entries(lines)) {
    const [quantity, picked] = typeof spec === 'number' ? [spec, spec] : spec
    const product = await db
      .selectFrom('products')
      .select('id')
      .where('sku', '=', sku)
      .executeTakeFirstOrThrow()
    const line = await db
      .insertInto('order_lines')
      .values({ order_id: order.id, product_id: product.id, quantity, picked_quantity: picked })
      .returning('id')
      .executeTakeFirstOrThrow()
    ids[sku] = line.id
  }
  return { name, id: order.id, lines: ids }
}

/** Sets products' weights (grams), so the tests' figures do not hang on the demo catalogue's. */
export async function weigh(db: Db, weights: Record<string, number>): Promise<void> {
  for (const [sku, grams] of Object.entries(weights))
    await db.updateTable('products').set({ weight_grams: grams }).where('sku', '=', sku).execute()
}

/** The PUT of an order's packaging, as the given headers' user. */
export function packer(app: FastifyInstance, headers: Record<string, string>) {
  return (order: string, payload: unknown) =>
    app.inject({
      method: 'PUT',
      url: `/rest/order/${encodeURIComponent(order)}/packaging`,
      headers,
      payload: payload as object,
    })
}
