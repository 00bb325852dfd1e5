/**
 * Demo routing and carrier slips (migration 0013): one slip group per demo carrier with its pickup
 * time and dock lane, each with its open slip, a carrier's own routing rule, and a tracking number
 * (with its label) for every demo parcel already labelled, so the 'Bordereau transport' screen
 * has parcels waiting at first start. Numbers come from each carrier's serial, as a label would.
 */
import { sql } from 'kysely'
import { createLabel } from '../../carriers/service.ts'
import { type CarrierCode, defaultService } from '../../carriers/registry.ts'
import { labelParcel } from '../../shipping/label-parties.ts'
import type { Db } from '../connect.ts'
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

export async function seedSlips(trx: Db): Promise<void> {
  const groups = Object.entries(DEMO_SLIP_GROUPS)
  await sql`
    insert into carrier_slip_groups (code, name, carrier_id, pickup_time, dock_lane)
    select upper(c.code), 'Enlèvement ' || c.name, c.id, g.pickup, g.lane
      from unnest(${groups.map(([code]) => code)}::text[], ${groups.map(([, g]) => g.pickup)}::text[],
                  ${groups.map(([, g]) => g.lane)}::text[]) as g(code, pickup, lane)
      join carriers c on c.code = g.code
    on conflict (carrier_id) do nothing
  `.execute(trx)
  // The seed runs without triggers (bulk.ts skipRowChecks): the first slips are opened here.
  await sql`
    insert into carrier_slips (group_id, seq, number)
    select g.id, 1, carrier_slip_number(g.code, 1) from carrier_slip_groups g
     where not exists (select 1 from carrier_slips s where s.group_id = g.id)
  `.execute(trx)
  await sql`
    insert into routing_rules (kind, carrier_id, order_statuses, priority, station, lane, confirm_required, reason)
    select 'package', c.id, '{labelled,manifested}', 20, 'Quai express', null, true,
           'Chronopost : colis express, à remettre au chauffeur en priorité.'
      from carriers c where c.code = 'chronopost'
  `.execute(trx)
  await labelDemoParcels(trx)
}

interface Unlabelled {
  id: number
  carrierId: number
  carrier: CarrierCode
  orderName: string
  customerName: string
  weightGrams: number
  labelledAt: Date
}

/** A number and its label for each labelled demo parcel, issued when its order was labelled. */
async function labelDemoParcels(trx: Db): Promise<void> {
  const { rows } = await sql<Unlabelled>`
    select p.id, c.id as "carrierId", c.code as carrier, o.name as "orderName", o.customer_name as "customerName",
           coalesce(p.weight_grams, p.estimated_grams) as "weightGrams",
           coalesce((select max(h.at) from order_status_history h where h.order_id = o.id and h.to_status = 'labelled'),
                    p.updated_at) as "labelledAt"
      from parcels p join orders o on o.id = p.order_id join carriers c on c.id = o.carrier_id
     where p.status = 'labelled'
       and not exists (select 1 from tracking_numbers t where t.parcel_id = p.id and t.status = 'active')
     order by "labelledAt", p.id
  `.execute(trx)
  const serials = new Map<number, number>()
  const numbers = rows.flatMap((row) => {
    const serial = (serials.get(row.carrierId) ?? 0) + 1
    serials.set(row.carrierId, serial)
    const service = defaultService(row.carrier).code
    const order = { name: row.orderName, customerName: row.customerName }
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
