/**
 * Demo customer returns (migration 0015), so 'Retour' and the statistics show something at first
 * start: a parcel of a shipped order of the first shop received this morning, one unit back on its
 * shelf (its order 'partially_returned', with the history and RETURN movement a receipt leaves),
 * and a parcel with no order found, parked in quarantine with a wait reason: one item the catalogue
 * knows (in RETOURS) and one code it does not. A handful of statements, whatever SEED_ORDERS says.
 */
import { sql } from 'kysely'
import { RETURN_MESSAGES } from '../../returns/messages.ts'
import type { Db } from '../connect.ts'
import type { Catalog } from './catalog.ts'
import { DEMO_SHOPS } from './shops.ts'

const MINUTE = 60_000
/** A code no demo product has (valid EAN-13 check digit): the parked parcel's unknown item. */
export const DEMO_UNKNOWN_CODE = '2000000000015'

interface Picked {
  orderId: number
  name: string
  lineId: number
  productId: number
  tracking: string | null
}

export async function seedReturns(trx: Db, catalog: Catalog, now: Date): Promise<void> {
  const shop = DEMO_SHOPS[0] as (typeof DEMO_SHOPS)[number]
  const shopId = catalog.shopIdsBySlug.get(shop.slug) as number
  const receivedAt = new Date(now.getTime() - 40 * MINUTE)
  const parkedAt = new Date(now.getTime() - 25 * MINUTE)
  const { id: userId } = await trx
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'retours')
    .executeTakeFirstOrThrow()
  const reasonId = async (table: 'return_origins' | 'return_wait_reasons', label: string) =>
    (await trx.selectFrom(table).select('id').where('label', '=', label).executeTakeFirstOrThrow()).id
  const returnsId = catalog.locationIds.get('RETOURS') as number
  const shelf = new Map([...catalog.productsByShop.values()].flat().map((p) => [p.id, p.locationId]))

  // A shipped order of two units shipped or more (one back: partly returned), last moved before the receipt, whose product has a shelf.
  const { rows } = await sql<Picked>`
    select o.id as "orderId", o.name, l.id as "lineId", l.product_id as "productId",
           (select t.number from parcels p join tracking_numbers t on t.parcel_id = p.id and t.status = 'active'
             where p.order_id = o.id order by p.seq limit 1) as tracking
      from orders o
      join order_lines l on l.order_id = o.id
     where o.shop_id = ${shopId} and o.status = 'shipped'
       and (select sum(pl.quantity) from parcel_lines pl join parcels p on p.id = pl.parcel_id
             where p.order_id = o.id and p.status = 'shipped') >= 2
       and exists (select 1 from parcel_lines pl join parcels p on p.id = pl.parcel_id
                    where pl.order_line_id = l.id and p.status = 'shipped')
       and not exists (select 1 from order_status_history h where h.order_id = o.id and h.at >= ${receivedAt})
     order by o.id, l.id
     limit 20
  `.execute(trx)
  const picked = rows.find((r) => shelf.get(r.productId))
  if (picked) {
    const location = shelf.get(picked.productId) as number
    const received = await trx
      .insertInto('returns')
      .values({
        shop_id: shopId,
        order_id: picked.orderId,
        origin_id: await reasonId('return_origins', 'Retour client'),
        status: 'received',
        tracking_number: picked.tracking,
        received_by: userId,
        received_at: receivedAt,
        validated_at: receivedAt,
        created_at: receivedAt,
      })
      .returning(['id', 'number'])
      .executeTakeFirstOrThrow()
    const reason = RETURN_MESSAGES.reason(received.number)
    await trx
      .insertInto('return_lines')
      .values({
        return_id: received.id,
        order_line_id: picked.lineId,
        product_id: picked.productId,
        code: (await productSku(trx, picked.productId)) ?? '',
        quantity: 1,
        in_order: true,
        condition: 'new',
        disposition: 'restock',
        location_id: location,
      })
      .execute()
    await trx
      .insertInto('stock_movements')
      .values(movement(picked.productId, location, userId, picked.orderId, reason, receivedAt))
      .execute()
    await trx
      .updateTable('orders')
      .set({ status: 'partially_returned', updated_at: receivedAt })
      .where('id', '=', picked.orderId)
      .execute()
    await trx
      .insertInto('order_status_history')
      .values({
        order_id: picked.orderId,
        from_status: 'shipped',
        to_status: 'partially_returned',
        at: receivedAt,
        user_id: userId,
        reason,
      })
      .execute()
  }

  // The parked parcel: the first product of the shop with stock, and a code nobody knows.
  const known = (catalog.productsByShop.get(shopId) ?? []).find((p) => p.locationId !== null)
  const parked = await trx
    .insertInto('returns')
    .values({
      shop_id: shopId,
      origin_id: await reasonId('return_origins', 'Non distribuable'),
      wait_reason_id: await reasonId('return_wait_reasons', 'Commande introuvable'),
      status: 'waiting',
      note: 'Colis sans bordereau lisible',
      received_by: userId,
      received_at: parkedAt,
      validated_at: parkedAt,
      created_at: parkedAt,
    })
    .returning(['id', 'number'])
    .executeTakeFirstOrThrow()
  const item = { return_id: parked.id, quantity: 1, in_order: false, condition: 'opened' as const }
  await trx
    .insertInto('return_lines')
    .values([
      ...(known
        ? [
            {
              ...item,
              product_id: known.id,
              code: (await productSku(trx, known.id)) ?? '',
              disposition: 'quarantine' as const,
              location_id: returnsId,
            },
          ]
        : []),
      {
        ...item,
        product_id: null,
        code: DEMO_UNKNOWN_CODE,
        disposition: 'quarantine' as const,
        location_id: null,
      },
    ])
    .execute()
  if (known)
    await trx
      .insertInto('stock_movements')
      .values(movement(known.id, returnsId, userId, null, RETURN_MESSAGES.reason(parked.number), parkedAt))
      .execute()
}

const productSku = async (trx: Db, id: number) =>
  (await trx.selectFrom('products').select('sku').where('id', '=', id).executeTakeFirst())?.sku

const movement = (
  productId: number,
  to: number,
  userId: number,
  orderId: number | null,
  reason: string,
  at: Date,
) => ({
  kind: 'RETURN' as const,
  product_id: productId,
  to_location_id: to,
  quantity: 1,
  user_id: userId,
  order_id: orderId,
  reason,
  created_at: at,
  validated_at: at,
})
