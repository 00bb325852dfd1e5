/**
 * What waits on a carrier slip, read by a query rather than stored (migration 0013): a parcel
 * labelled with an active number of the group's carrier, of an order wholly labelled ('labelled',
 * or 'manifested' when some of its parcels left on an earlier slip), of a shop the user works
 * for. A voided label drops out by itself; the close writes the slip_parcels rows.
 *
 * The pre-flight is the other side: the carrier's orders still 'packed' (not labelled, or only
 * some of their parcels), which would miss the pickup.
 */
import { sql } from 'kysely'
import type { CarrierSlipPreflight, OrderStatus } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { wallClock } from '../warehouse-time.ts'

export interface WaitingParcel {
  groupId: number
  parcelId: number
  trackingId: number
  trackingNumber: string
  seq: number
  orderId: number
  order: string
  shop: string
  weightGrams: number
  weighed: boolean
  labelledAt: Date
}

/**
 * What waits: the parcels `p` of orders `o` (shop `s`) on group `g`, for the user's shops (or, with
 * `others`, for every shop but theirs) and one group or all.
 */
const waiting = (shops: readonly string[], groupId: number | null, others = false) => sql`
      from orders o
      join shops s on s.id = o.shop_id
      join parcels p on p.order_id = o.id and p.status = 'labelled'
      join tracking_numbers t on t.parcel_id = p.id and t.status = 'active'
      join carrier_slip_groups g on g.carrier_id = t.carrier_id
     where o.status in ('labelled', 'manifested')
       and ${others ? sql`not` : sql``} (s.slug = any(${[...shops]}::text[]))
       and (${groupId}::integer is null or g.id = ${groupId}::integer)`

/** The waiting parcels of the user's shops, of one group or of all; oldest label first. */
export async function waitingParcels(
  db: Db,
  shops: readonly string[],
  groupId: number | null,
): Promise<WaitingParcel[]> {
  const { rows } = await sql<WaitingParcel>`
    select g.id as "groupId", p.id as "parcelId", t.id as "trackingId", t.number as "trackingNumber", p.seq,
           o.id as "orderId", o.name as "order", s.slug as shop,
           coalesce(p.weight_grams, p.estimated_grams) as "weightGrams", p.weight_grams is not null as weighed,
           t.created_at as "labelledAt"
      ${waiting(shops, groupId)}
     order by t.created_at, p.id
  `.execute(db)
  return rows
}

/**
 * How many parcels of shops the user does not work for wait on the group: a close would move them
 * to the next slip, so only a user of every shop on the slip may close it (issue 31).
 */
export async function othersWaiting(db: Db, shops: readonly string[], groupId: number): Promise<number> {
  const { rows } = await sql<{ parcels: number }>`
    select count(*)::integer as parcels ${waiting(shops, groupId, true)}
  `.execute(db)
  return rows[0]?.parcels ?? 0
}

/** Per group, how many parcels of shops the user does not work for wait (the list's warning, issue 31). */
export async function othersWaitingTotals(db: Db, shops: readonly string[]): Promise<Map<number, number>> {
  const { rows } = await sql<{ groupId: number; parcels: number }>`
    select g.id as "groupId", count(*)::integer as parcels ${waiting(shops, null, true)} group by g.id
  `.execute(db)
  return new Map(rows.map((r) => [r.groupId, r.parcels]))
}

/** Per group, how many parcels of the user's shops wait and their weight (the home screen's figures). */
export async function waitingTotals(
  db: Db,
  shops: readonly string[],
): Promise<Map<number, { parcels: number; weightGrams: number }>> {
  const { rows } = await sql<{ groupId: number; parcels: number; weightGrams: number }>`
    select g.id as "groupId", count(*)::integer as parcels,
           sum(coalesce(p.weight_grams, p.estimated_grams))::integer as "weightGrams"
      ${waiting(shops, null)}
     group by g.id
  `.execute(db)
  return new Map(rows.map(({ groupId, ...totals }) => [groupId, totals]))
}

/** The pre-flight of every group: its carrier's orders of the user's shops not wholly labelled. */
export async function preflight(
  db: Db,
  shops: readonly string[],
): Promise<Map<number, CarrierSlipPreflight[]>> {
  const { rows } = await sql<{
    groupId: number
    order: string
    shop: string
    status: OrderStatus
    parcels: number
    labelled: number
  }>`
    select g.id as "groupId", o.name as "order", s.slug as shop, o.status,
           count(p.id) filter (where p.status <> 'voided')::integer as parcels,
           count(p.id) filter (where p.status = 'labelled')::integer as labelled
      from carrier_slip_groups g
      join orders o on o.carrier_id = g.carrier_id and o.status = 'packed'
      join shops s on s.id = o.shop_id
      left join parcels p on p.order_id = o.id
     where s.slug = any(${[...shops]}::text[])
     group by g.id, o.id, s.slug
     order by o.name
  `.execute(db)
  const byGroup = new Map<number, CarrierSlipPreflight[]>()
  for (const { groupId, ...order } of rows) byGroup.set(groupId, [...(byGroup.get(groupId) ?? []), order])
  return byGroup
}

/**
 * Minutes from `now` to today's pickup at 'HH:MM' warehouse time (WAREHOUSE_TIME_ZONE,
 * warehouse-time.ts); negative once it is past.
 */
export function minutesToPickup(pickup: string, now: Date): number {
  const clock = wallClock(now)
  const [hour = 0, minute = 0] = pickup.split(':').map(Number)
  return hour * 60 + minute - (clock.hour * 60 + clock.minute)
}
