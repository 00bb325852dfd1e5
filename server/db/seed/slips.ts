/**
 * Demo routing and carrier slips (migration 0013): one slip group per demo carrier with its pickup
 * time and dock lane, the closed slips that shipped the demo's shipped orders (slip-plan.ts) with
 * the parcels they took, each group's open slip next, a carrier's own routing rule, and a tracking
 * number (with its label) for every demo parcel labelled or shipped, so the 'Bordereau transport'
 * screen has parcels waiting at first start and every shipped parcel its manifest. Numbers come
 * from each carrier's serial, as a label would.
 */
import { sql } from 'kysely'
import { createLabel } from '../../carriers/service.ts'
import { type CarrierCode, defaultService } from '../../carriers/registry.ts'
import { manifestTitle } from '../../documents/manifest.ts'
import { type ShipToRow, shipToJson, shipToOf } from '../../orders/ship-to.ts'
import { labelParcel } from '../../shipping/label-parties.ts'
import type { Db } from '../connect.ts'
import type { ClosedSlip } from './order-history.ts'
import type { DEMO_CARRIERS } from './people.ts'

type DemoCarrier = (typeof DEMO_CARRIERS)[number]['code']

/** Pickup times as these carriers' regular collections usually are; one dock lane each. */
export const DEMO_SLIP_GROUPS: Record<DemoCarrier, { pickup: string; lane: string }> = {
  colissimo: { pickup: '16:30', lane: 'Quai 1' },
  chronopost: { pickup: '18:00', lane: 'Quai 2' },
  dpd: { pickup: '17:00', lane: 'Quai 3' },
  gls: { pickup: '17:30', lane: 'Quai 4' },
  'mondial-relay': { pickup: '15:00', lane: 'Quai 5' },
}

export async function seedSlips(trx: Db, closed: readonly ClosedSlip[]): Promise<void> {
  const groups = Object.entries(DEMO_SLIP_GROUPS)
  await sql`
    insert into carrier_slip_groups (code, name, carrier_id, pickup_time, dock_lane)
    select upper(c.code), 'Enlèvement ' || c.name, c.id, g.pickup, g.lane
      from unnest(${groups.map(([code]) => code)}::text[], ${groups.map(([, g]) => g.pickup)}::text[],
                  ${groups.map(([, g]) => g.lane)}::text[]) as g(code, pickup, lane)
      join carriers c on c.code = g.code
    on conflict (carrier_id) do nothing
  `.execute(trx)
  await sql`
    insert into carrier_slips (group_id, seq, number, status, opened_at, opened_by, closed_at, closed_by,
                               manifest_title)
    select g.id, s.seq, s.number, 'closed', coalesce(s.opened, s.closed - interval '1 day'),
           case when s.opened is null then null else s.by end, s.closed, s.by, s.title
      from unnest(${closed.map((s) => s.carrierId)}::integer[], ${closed.map((s) => s.seq)}::integer[],
                  ${closed.map((s) => s.number)}::text[],
                  ${closed.map((s) => s.openedAt?.toISOString() ?? null)}::timestamptz[],
                  ${closed.map((s) => s.closedAt.toISOString())}::timestamptz[],
                  ${closed.map((s) => s.closedBy)}::integer[], ${closed.map((s) => manifestTitle(s.number))}::text[])
           as s(carrier, seq, number, opened, closed, by, title)
      join carrier_slip_groups g on g.carrier_id = s.carrier
  `.execute(trx)
  // The seed runs without triggers (bulk.ts skipRowChecks): each group's open slip is opened
  // here, when the last one closed.
  await sql`
    insert into carrier_slips (group_id, seq, number, opened_at, opened_by)
    select g.id, coalesce(max(s.seq), 0) + 1, carrier_slip_number(g.code, coalesce(max(s.seq), 0) + 1),
           coalesce(max(s.closed_at), now()), (array_agg(s.closed_by order by s.seq desc))[1]
      from carrier_slip_groups g left join carrier_slips s on s.group_id = g.id
     where not exists (select 1 from carrier_slips o where o.group_id = g.id and o.status = 'open')
     group by g.id
  `.execute(trx)
  await sql`
    insert into routing_rules (kind, carrier_id, order_statuses, priority, station, lane, confirm_required, reason)
    select 'package', c.id, '{labelled,manifested}', 20, 'Quai express', null, true,
           'Chronopost : colis express, à remettre au chauffeur en priorité.'
      from carriers c where c.code = 'chronopost'
  `.execute(trx)
  await labelDemoParcels(trx)
  await loadClosedSlips(trx, closed)
}

/** Each closed slip's parcels (its orders' one parcel each), with the number and weight declared. */
async function loadClosedSlips(trx: Db, closed: readonly ClosedSlip[]): Promise<void> {
  const taken = closed.flatMap((s) => s.orderIds.map((id) => [id, s.number] as const))
  await sql`
    insert into slip_parcels (parcel_id, slip_id, tracking_number_id, weight_grams)
    select p.id, s.id, t.id, coalesce(p.weight_grams, p.estimated_grams)
      from unnest(${taken.map(([id]) => id)}::integer[], ${taken.map(([, n]) => n)}::text[]) as x(order_id, number)
      join carrier_slips s on s.number = x.number
      join parcels p on p.order_id = x.order_id and p.status = 'shipped'
      join tracking_numbers t on t.parcel_id = p.id and t.status = 'active'
  `.execute(trx)
  await sql`
    update carrier_slips s set parcel_count = x.n, total_weight_grams = x.grams
      from (select slip_id, count(*)::integer as n, sum(weight_grams)::integer as grams
              from slip_parcels group by slip_id) x
     where s.id = x.slip_id
  `.execute(trx)
}

interface Unlabelled {
  id: number
  carrierId: number
  carrier: CarrierCode
  orderName: string
  shipTo: ShipToRow
  weightGrams: number
  labelledAt: Date
}

/** A number and its label for each labelled or shipped demo parcel, issued when its order was labelled. */
async function labelDemoParcels(trx: Db): Promise<void> {
  const { rows } = await sql<Unlabelled>`
    select p.id, c.id as "carrierId", c.code as carrier, o.name as "orderName",
           ${shipToJson('o')} as "shipTo",
           coalesce(p.weight_grams, p.estimated_grams) as "weightGrams",
           coalesce((select max(h.at) from order_status_history h where h.order_id = o.id and h.to_status = 'labelled'),
                    p.updated_at) as "labelledAt"
      from parcels p join orders o on o.id = p.order_id join carriers c on c.id = o.carrier_id
     where p.status in ('labelled', 'shipped')
       and not exists (select 1 from tracking_numbers t where t.parcel_id = p.id and t.status = 'active')
     order by "labelledAt", p.id
  `.execute(trx)
  const serials = new Map<number, number>()
  const numbers = rows.flatMap((row) => {
    const serial = (serials.get(row.carrierId) ?? 0) + 1
    serials.set(row.carrierId, serial)
    const service = defaultService(row.carrier).code
    const order = { name: row.orderName, shipTo: shipToOf(row.shipTo) }
    const parcel = labelParcel(order, row.weightGrams, { number: 1, count: 1 }, new Date(row.labelledAt))
    const label = createLabel({ carrier: row.carrier, service, serial, ...parcel })
    if (!label.ok) return []
    return [[row.id, row.carrierId, label.trackingNumber, service, label.zpl, row.labelledAt] as const]
  })
  if (numbers.length === 0) return
  await sql`
    insert into tracking_numbers (parcel_id, carrier_id, number, service, label_zpl, parcel_number, parcel_count,
                                  created_at)
    select n.parcel, n.carrier, n.number, n.service, n.zpl, 1, 1, n.at
      from unnest(${numbers.map((n) => n[0])}::integer[], ${numbers.map((n) => n[1])}::integer[],
                  ${numbers.map((n) => n[2])}::text[], ${numbers.map((n) => n[3])}::text[],
                  ${numbers.map((n) => n[4])}::text[], ${numbers.map((n) => new Date(n[5]).toISOString())}::timestamptz[])
           as n(parcel, carrier, number, service, zpl, at)
  `.execute(trx)
  const used = [...serials]
  await sql`
    insert into carrier_serials (carrier_id, last_serial)
    select * from unnest(${used.map(([id]) => id)}::integer[], ${used.map(([, s]) => s)}::integer[])
    on conflict (carrier_id) do update set last_serial = greatest(carrier_serials.last_serial, excluded.last_serial)
  `.execute(trx)
}
