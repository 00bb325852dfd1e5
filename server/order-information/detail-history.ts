/**
 * What an order went through beside its own row: its status timeline (order_status_history, who
 * by display name), the picking batches it was printed on (a short pick or a released session
 * sends it to a second one), and its returns (migration 0015), each with its units: received,
 * or announced while the parcel is not here yet.
 */
import { sql } from 'kysely'
import type { OrderDetail, OrderTimelineEntry, PickingType, ReturnStatus } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { ORDER_INFORMATION_MESSAGES as M } from './messages.ts'

const iso = (at: Date | string) => new Date(at).toISOString()

export async function detailTimeline(db: Db, orderId: number): Promise<OrderTimelineEntry[]> {
  const { rows } = await sql<Omit<OrderTimelineEntry, 'at'> & { at: Date }>`
    select h.at, h.from_status as "from", h.to_status as "to", u.display_name as "user", h.reason
      from order_status_history h left join users u on u.id = h.user_id
     where h.order_id = ${orderId}
     order by h.at, h.id
  `.execute(db)
  return rows.map((r) => ({ ...r, at: iso(r.at) }))
}

export async function detailBatches(db: Db, orderId: number): Promise<OrderDetail['batches']> {
  const { rows } = await sql<{
    name: string
    pickingType: PickingType
    printedAt: Date
    printedBy: string | null
  }>`
    select b.name, coalesce(b.picking_type, o.picking_type) as "pickingType", b.printed_at as "printedAt",
           u.display_name as "printedBy"
      from batch_orders bo
      join picking_batches b on b.id = bo.batch_id
      join orders o on o.id = bo.order_id
      left join users u on u.id = b.printed_by
     where bo.order_id = ${orderId}
     order by b.printed_at, b.id
  `.execute(db)
  // A campaign list mixes types: the order was picked as its own type.
  return rows.map((r) => ({ ...r, printedAt: iso(r.printedAt) }))
}

export async function detailReturns(db: Db, orderId: number): Promise<OrderDetail['returns']> {
  const { rows } = await sql<{
    number: string
    status: ReturnStatus
    origin: string | null
    receivedAt: Date | null
    units: number
  }>`
    select r.number, r.status, ro.label as origin, r.received_at as "receivedAt",
           coalesce((select sum(case when r.status = 'announced' then rl.expected else rl.quantity end)
                       from return_lines rl where rl.return_id = r.id), 0)::integer as units
      from returns r left join return_origins ro on ro.id = r.origin_id
     where r.order_id = ${orderId}
     order by r.created_at, r.id
  `.execute(db)
  return rows.map((r) => ({
    ...r,
    origin: r.origin ?? M.noOrigin,
    receivedAt: r.receivedAt === null ? null : iso(r.receivedAt),
  }))
}
