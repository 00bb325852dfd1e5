/**
 * The demo's orders come in through the shops' door (issue 33): each planned order is sent as a
 * shop's request (its ship-to, lines, gift message, customizations, carrier, priority, ship-by)
 * through the intake the shop API and the CSV import use (orders/intake/), so every fresh demo
 * proves that path on a few thousand orders, and each order's picking type is the one the intake
 * derives. Their past is then written over them (order-history.ts): the status each reached, when
 * it was created and last changed, its campaign, the units picked.
 */
import { sql } from 'kysely'
import type { ShopOrderBody } from '../../../contract/index.ts'
import { normalizeOrder } from '../../orders/intake/checks.ts'
import { createOrders } from '../../orders/intake/write.ts'
import type { Db } from '../connect.ts'
import type { PlannedOrder } from './orders.ts'

/** Orders sent in one call: the intake's statements take arrays, so this only bounds their size. */
const CHUNK = 1000

/** The request a shop would have sent for the planned order. */
function requestOf(order: PlannedOrder, carrier: string | undefined): ShopOrderBody {
  const gift = order.lines.find((line) => line.giftMessage)?.giftMessage
  return {
    reference: `DEMO-${order.name}`,
    shipTo: order.shipTo,
    lines: order.lines.map((line) => ({
      sku: line.product.sku,
      quantity: line.quantity,
      ...(line.customization !== null && { customization: { text: line.customization } }),
    })),
    ...(gift && { giftMessage: gift }),
    ...(carrier && { carrier }),
    priority: order.priority,
    shipBy: order.shipBy.toISOString(),
  }
}

/**
 * Creates the planned orders, each shop's in the order planned (its numbers follow: the planned
 * names must be the ones the intake hands out, or the seed stops), and answers their ids by name.
 */
export async function createDemoOrders(
  trx: Db,
  planned: readonly PlannedOrder[],
  shops: ReadonlyMap<number, string>,
  carrierOf: (order: PlannedOrder, index: number) => string | undefined,
): Promise<Map<string, number>> {
  const indexed = planned.map((order, index) => ({ order, index }))
  for (const [shopId, code] of shops) {
    const own = indexed.filter(({ order }) => order.shopId === shopId)
    for (let start = 0; start < own.length; start += CHUNK) {
      const chunk = own.slice(start, start + CHUNK)
      const checked = chunk.map(({ order, index }) =>
        normalizeOrder(requestOf(order, carrierOf(order, index))),
      )
      const answers = await createOrders(trx, { id: shopId, code }, 'demo', checked)
      answers.forEach((answer, i) => {
        if (answer.result !== 'created')
          throw new Error(`demo order ${chunk[i]?.order.name} not created: ${JSON.stringify(answer)}`)
      })
    }
  }
  // Read once, by name: an order the intake named otherwise than planned is missing here.
  const rows = await trx.selectFrom('orders').select(['id', 'name']).execute()
  const ids = new Map(rows.map((r) => [r.name, r.id]))
  const missing = planned.find((order) => !ids.has(order.name))
  if (missing) throw new Error(`demo order ${missing.name} was not named as planned`)
  return ids
}

/** The past of an order created by createDemoOrders: where it stands, since when, what was picked. */
export interface DemoPast {
  id: number
  status: string
  trackingNumber: string | null
  campaignId: number | null
  partialAllowed: boolean
  createdAt: Date
  updatedAt: Date
  picked: boolean
}

/** Writes the orders' past over what the intake made of them (their creation's history row goes: the seed writes its own). */
export async function writeDemoPast(trx: Db, past: readonly DemoPast[]): Promise<void> {
  for (let start = 0; start < past.length; start += CHUNK * 10) {
    const rows = past.slice(start, start + CHUNK * 10)
    const ids = rows.map((r) => r.id)
    await sql`
      update orders o
         set status = v.status, tracking_number = v.tracking, campaign_id = v.campaign,
             partial_allowed = v.partial, created_at = v.created, updated_at = v.updated
        from unnest(${ids}::integer[], ${rows.map((r) => r.status)}::text[],
                    ${rows.map((r) => r.trackingNumber)}::text[], ${rows.map((r) => r.campaignId)}::integer[],
                    ${rows.map((r) => r.partialAllowed)}::boolean[], ${rows.map((r) => r.createdAt.toISOString())}::timestamptz[],
                    ${rows.map((r) => r.updatedAt.toISOString())}::timestamptz[])
             as v(id, status, tracking, campaign, partial, created, updated)
       where o.id = v.id
    `.execute(trx)
    const picked = rows.filter((r) => r.picked).map((r) => r.id)
    await sql`update order_lines set picked_quantity = quantity where order_id = any(${picked}::integer[])`.execute(
      trx,
    )
    await sql`delete from order_status_history where order_id = any(${ids}::integer[])`.execute(trx)
  }
}
