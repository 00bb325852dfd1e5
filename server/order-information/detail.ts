/**
 * One order in full (`GET /rest/order/{order}/information`): what the search lists of it, with
 * its priority, ship-by time, campaign and gift message, then its timeline, lines, parcels,
 * batches, returns and customization files, each read by its own module. Everything is read, not
 * locked: a screen that looks, while the order may be moving on.
 */
import { sql } from 'kysely'
import type { OrderDetail } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import type { IssueDocument } from '../shipping/tracking-label.ts'
import { customizationFilesOf } from './customization-files.ts'
import { detailBatches, detailReturns, detailTimeline } from './detail-history.ts'
import { detailLines } from './detail-lines.ts'
import { detailParcels } from './detail-parcels.ts'
import type { OrderSource } from '../db/schema-orders.ts'
import { holdOf } from '../orders/order-hold.ts'
import { type ShipToRow, shipToOf, shipToSelect } from '../orders/ship-to.ts'
import { findOrder } from './order-ref.ts'
import { orderOf, type SummaryRow, summaryColumns } from './search-page.ts'

interface OrderRow extends SummaryRow, ShipToRow {
  source: OrderSource
  reference: string | null
  priority: number
  shipBy: Date | null
  campaign: string | null
  gifts: string[] | null
  partialAllowed: boolean
}

export async function orderDetailView(
  db: Db,
  user: AuthUser,
  asked: string,
  issueDocument: IssueDocument,
): Promise<OrderDetail> {
  const { id, shopId } = await findOrder(db, user, asked)
  // The order as the search lists it (one definition of its units and carrier), and the rest.
  const { rows } = await sql<OrderRow>`
    select ${summaryColumns}, o.priority, o.ship_by as "shipBy", cp.name as campaign,
           o.partial_allowed as "partialAllowed", o.source, o.external_ref as reference,
           ${sql.join(shipToSelect('o').map((column) => sql.ref(column)))},
           (select array_agg(distinct l.gift_message) from order_lines l
             where l.order_id = o.id and coalesce(l.gift_message, '') <> '') as gifts
      from order_search_summaries(array[${id}]::integer[], array[${shopId}]::integer[], 1) s
      join orders o on o.id = s.id
      left join campaigns cp on cp.id = o.campaign_id
  `.execute(db)
  const o = rows[0] as OrderRow
  return {
    order: {
      ...orderOf(o),
      priority: o.priority,
      shipBy: o.shipBy === null ? null : new Date(o.shipBy).toISOString(),
      campaign: o.campaign,
      giftMessage: o.gifts?.join('\n') || null,
      partialAllowed: o.partialAllowed,
      shipTo: shipToOf(o),
      source: o.source,
      reference: o.reference,
    },
    // Only an order in exception has a hold: no read for the others (as trackingView does).
    hold: o.status === 'exception' ? await holdOf(db, id) : null,
    timeline: await detailTimeline(db, id),
    lines: await detailLines(db, id),
    parcels: await detailParcels(db, id, issueDocument),
    batches: await detailBatches(db, id),
    returns: await detailReturns(db, id),
    customizationFiles: await customizationFilesOf(db, id, issueDocument),
  }
}
