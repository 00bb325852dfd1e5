/**
 * One order in full (`GET /rest/order/{order}/information`): what the search lists of it, with
 * its priority, ship-by time, campaign and gift message, then its timeline, lines, parcels,
 * batches, returns and customization files, each read by its own module. Everything is read, not
 * locked: a screen that looks, while the order may be moving on.
 */
import { sql } from 'kysely'
import type { OrderDetail, PickingType } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import type { IssueDocument } from '../shipping/tracking-label.ts'
import { customizationFilesOf } from './customization-files.ts'
import { detailBatches, detailReturns, detailTimeline } from './detail-history.ts'
import { detailLines } from './detail-lines.ts'
import { detailParcels } from './detail-parcels.ts'
import { findOrder } from './order-ref.ts'

interface OrderRow {
  name: string
  shopSlug: string
  shopName: string
  status: OrderDetail['order']['status']
  pickingType: PickingType
  customerName: string
  email: string | null
  carrierCode: string | null
  carrierName: string | null
  units: number
  createdAt: Date
  priority: number
  shipBy: Date | null
  campaign: string | null
  gifts: string[] | null
}

export async function orderDetailView(
  db: Db,
  user: AuthUser,
  asked: string,
  issueDocument: IssueDocument,
): Promise<OrderDetail> {
  const { id } = await findOrder(db, user, asked)
  const { rows } = await sql<OrderRow>`
    select o.name, s.slug as "shopSlug", s.name as "shopName", o.status, o.picking_type as "pickingType",
           o.customer_name as "customerName", o.customer_email as email,
           c.code as "carrierCode", c.name as "carrierName",
           (select coalesce(sum(l.quantity), 0)::integer from order_lines l where l.order_id = o.id) as units,
           o.created_at as "createdAt", o.priority, o.ship_by as "shipBy", cp.name as campaign,
           (select array_agg(distinct l.gift_message) from order_lines l
             where l.order_id = o.id and coalesce(l.gift_message, '') <> '') as gifts
      from orders o
      join shops s on s.id = o.shop_id
      left join carriers c on c.id = o.carrier_id
      left join campaigns cp on cp.id = o.campaign_id
     where o.id = ${id}
  `.execute(db)
  const o = rows[0] as OrderRow
  return {
    order: {
      name: o.name,
      shop: { slug: o.shopSlug, name: o.shopName },
      status: o.status,
      pickingType: o.pickingType,
      customer: { name: o.customerName, email: o.email },
      carrier: o.carrierCode === null ? null : { code: o.carrierCode, name: o.carrierName ?? '' },
      units: o.units,
      createdAt: new Date(o.createdAt).toISOString(),
      priority: o.priority,
      shipBy: o.shipBy === null ? null : new Date(o.shipBy).toISOString(),
      campaign: o.campaign,
      giftMessage: o.gifts?.join('\n') || null,
    },
    timeline: await detailTimeline(db, id),
    lines: await detailLines(db, id),
    parcels: await detailParcels(db, id, issueDocument),
    batches: await detailBatches(db, id),
    returns: await detailReturns(db, id),
    customizationFiles: await customizationFilesOf(db, id, issueDocument),
  }
}
