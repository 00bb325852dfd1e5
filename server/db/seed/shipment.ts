/**
 * Work waiting at the packing station (issue 13), so a new user can try 'Expédition' at once: in
 * the first shop, two mono batches of ten units and a multi batch of five orders, each in
 * its tote, all picked moments ago by the demo picker, as a closed picking session leaves them —
 * the batch, its closed session and done tasks, the PICK movements from the shelves to the
 * 'EXPEDITION' dock, the status history, and the totes (numbers taken from the box counter, as
 * 'Impression caisse' hands them out).
 *
 * Taken from the ready orders outside campaigns, never a type's last one in the shop, so the
 * picking screens keep every row. A handful of statements, whatever SEED_ORDERS says.
 */
import { sql } from 'kysely'
import type { PickingType } from '../../../contract/index.ts'
import { boxName } from '../../documents/render.ts'
import { batchName } from '../../picking/claim.ts'
import type { Db } from '../connect.ts'
import { insertRows } from '../bulk-insert.ts'
import type { Catalog } from './catalog.ts'
import { DEMO_SHOPS } from './shops.ts'

/**
 * The batches: their picking type and how many orders (a mono order is one unit). Two of the same
 * type take its ready orders one after the other, as two prints would.
 */
const BATCHES: readonly (readonly [PickingType, number])[] = [
  ['mono_classic', 10],
  ['mono_classic', 10],
  ['multi_classic', 5],
]
const MINUTE = 60_000

interface Ready {
  id: number
  picking_type: PickingType
  n: number
  ready: number
}

export async function seedShipment(trx: Db, catalog: Catalog, at: Date): Promise<void> {
  const shop = DEMO_SHOPS[0] as (typeof DEMO_SHOPS)[number]
  const shopId = catalog.shopIdsBySlug.get(shop.slug) as number
  const { rows } = await sql<Ready>`
    select id, picking_type,
           row_number() over (partition by picking_type order by priority desc, ship_by, id)::integer as n,
           count(*) over (partition by picking_type)::integer as ready
      from orders
     where shop_id = ${shopId} and status = 'to_pick' and campaign_id is null
       and picking_type = any(${BATCHES.map(([type]) => type)}::text[])
  `.execute(trx)
  const picker = await trx
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'preparateur')
    .executeTakeFirstOrThrow()
  const userId = picker.id
  const shelf = new Map([...catalog.productsByShop.values()].flat().map((p) => [p.id, p.locationId]))
  const dock = catalog.locationIds.get('EXPEDITION') as number
  const printedAt = new Date(at.getTime() - 50 * MINUTE)
  const pickedAt = new Date(at.getTime() - 20 * MINUTE)

  const claimed = new Map<PickingType, number>()
  for (const [type, size] of BATCHES) {
    // The orders a print would claim, leaving the type's last ready order ready.
    const from = claimed.get(type) ?? 0
    claimed.set(type, from + size)
    const orderIds = rows
      .filter((r) => r.picking_type === type && r.n > from && r.n <= Math.min(from + size, r.ready - 1))
      .map((r) => r.id)
    if (orderIds.length === 0) continue
    const { rows: number } = await sql<{
      n: string | number
    }>`select nextval('picking_batch_number') as n`.execute(trx)
    const name = batchName(shop.code, type, Number(number[0]?.n))
    const batch = await trx
      .insertInto('picking_batches')
      .values({
        name,
        shop_id: shopId,
        picking_type: type,
        status: 'closed',
        printed_by: userId,
        printed_at: printedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await insertRows(
      trx,
      'batch_orders',
      orderIds.map((order_id, i) => ({ batch_id: batch.id, order_id, slot: i + 1 })),
    )
    const session = await trx
      .insertInto('picking_sessions')
      .values({
        user_id: userId,
        batch_id: batch.id,
        status: 'closed',
        started_at: printedAt,
        closed_at: pickedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const lines = await trx
      .updateTable('order_lines')
      .set((eb) => ({ picked_quantity: eb.ref('quantity') }))
      .where('order_id', 'in', orderIds)
      .returning(['id', 'order_id', 'product_id', 'quantity'])
      .execute()
    await insertRows(
      trx,
      'pick_tasks',
      lines.map((l, i) => ({
        session_id: session.id,
        order_id: l.order_id,
        order_line_id: l.id,
        product_id: l.product_id,
        location_id: shelf.get(l.product_id) as number,
        quantity: l.quantity,
        picked: l.quantity,
        status: 'done',
        sequence: i + 1,
        updated_at: pickedAt,
      })),
    )
    await insertRows(
      trx,
      'stock_movements',
      lines.map((l) => ({
        kind: 'PICK',
        product_id: l.product_id,
        from_location_id: shelf.get(l.product_id) as number,
        to_location_id: dock,
        quantity: l.quantity,
        order_id: l.order_id,
        user_id: userId,
        reason: null,
        created_at: pickedAt,
        validated_at: pickedAt,
      })),
    )
    await trx
      .updateTable('orders')
      .set({ status: 'picked', batch_id: batch.id, updated_at: pickedAt })
      .where('id', 'in', orderIds)
      .execute()
    await insertRows(
      trx,
      'order_status_history',
      orderIds.flatMap((order_id) => [
        {
          order_id,
          from_status: 'to_pick',
          to_status: 'picking',
          at: printedAt,
          user_id: userId,
          reason: `Liste ${name}`,
        },
        {
          order_id,
          from_status: 'picking',
          to_status: 'picked',
          at: pickedAt,
          user_id: userId,
          reason: null,
        },
      ]),
    )
    if (type.startsWith('multi')) await seedTotes(trx, orderIds, userId, pickedAt)
  }
}

/** One tote per multi order, numbered after the last one printed. */
async function seedTotes(trx: Db, orderIds: readonly number[], userId: number, at: Date) {
  const counter = await trx
    .updateTable('box_counter')
    .set((eb) => ({ last_number: eb('last_number', '+', orderIds.length) }))
    .returning('last_number')
    .executeTakeFirstOrThrow()
  const first = counter.last_number - orderIds.length + 1
  await insertRows(
    trx,
    'totes',
    orderIds.map((order_id, i) => ({
      code: boxName(first + i),
      order_id,
      bound_at: at,
      bound_by: userId,
    })),
  )
}
