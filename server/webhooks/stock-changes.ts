/**
 * stock.changed (docs/webhooks.md): a shop's stock is reported every few seconds, one event per shop
 * listing the SKUs whose stock moved or whose orders changed since the last report, with the
 * figures of GET /api/v1/stock. Nothing is written on a scan's path: the ledger is read after the
 * fact, from the shop's watermark (stock_event_watermarks, set when an endpoint first asks for the
 * type) up to the start of the oldest transaction still writing (changeHorizon), so a change
 * committed late, dated before the horizon, is never skipped, and none is reported twice.
 *
 * Several processes may run it: each shop's watermark row is taken with `for update skip locked`,
 * so one process reports a given shop at a time.
 */
import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'
import { changeHorizon } from '../shop-api/order-list.ts'
import { stockChanged } from '../shop-api/stock.ts'

/** How often a shop's stock changes are gathered into one event. */
export const STOCK_WINDOW_MS = 5000

/** Reports every shop's stock changes up to now; answers how many events it wrote. */
export async function reportStockChanges(db: Db): Promise<number> {
  const shops = await db
    .selectFrom('stock_event_watermarks as w')
    .select('w.shop_id')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('webhook_endpoints as e')
          .select('e.id')
          .whereRef('e.shop_id', '=', 'w.shop_id')
          .where(sql<boolean>`'stock.changed' = any (e.event_types)`),
      ),
    )
    .execute()
  let written = 0
  for (const { shop_id: shopId } of shops) if (await reportShop(db, shopId)) written++
  return written
}

async function reportShop(db: Db, shopId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ through: Date }>`
      select through from stock_event_watermarks where shop_id = ${shopId} for update skip locked`.execute(
      trx,
    )
    const mark = rows[0]
    if (!mark) return false // another process is on it
    const horizon = (await sql<{ at: Date }>`select (${changeHorizon}) as at`.execute(trx)).rows[0]?.at
    if (!horizon || new Date(horizon) <= new Date(mark.through)) return false
    const { rows: stock } = await stockChanged(trx, shopId, new Date(mark.through), new Date(horizon))
    if (stock.length > 0)
      await trx
        .insertInto('shop_events')
        .values({
          shop_id: shopId,
          type: 'stock.changed',
          ordering_key: `stock:${shopId}`,
          data: JSON.stringify({ stock }),
        })
        .execute()
    await trx
      .updateTable('stock_event_watermarks')
      .set({ through: new Date(horizon) })
      .where('shop_id', '=', shopId)
      .execute()
    return stock.length > 0
  })
}
