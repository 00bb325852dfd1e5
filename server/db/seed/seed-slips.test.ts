import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CarrierCode, isValidTrackingNumber } from '../../carriers/registry.ts'
import { createTestDb } from '../../testing/app.ts'
import type { Db } from '../connect.ts'

describe('demo seed: routing and carrier slips', () => {
  let db: Db
  beforeAll(async () => {
    db = await createTestDb()
  })
  afterAll(() => db.destroy())

  it('gives every demo carrier a slip group with its pickup, dock lane and open slip, after its closed ones', async () => {
    const { rows } = await sql<{ code: string; pickup: string; lane: string; slip: string; next: string }>`
      select g.code, g.pickup_time as pickup, g.dock_lane as lane, s.number as slip,
             carrier_slip_number(g.code, (select count(*)::integer + 1 from carrier_slips c
                                           where c.group_id = g.id and c.status = 'closed')) as next
        from carrier_slip_groups g join carrier_slips s on s.group_id = g.id and s.status = 'open'
       order by g.code
    `.execute(db)
    // The open slip follows the closed ones that shipped the demo's past (one per pickup day).
    expect(rows.map(({ next, ...row }) => ({ ...row, slip: row.slip === next ? 'next' : row.slip }))).toEqual(
      [
        { code: 'CHRONOPOST', pickup: '18:00', lane: 'Quai 2', slip: 'next' },
        { code: 'COLISSIMO', pickup: '16:30', lane: 'Quai 1', slip: 'next' },
        { code: 'DPD', pickup: '17:00', lane: 'Quai 3', slip: 'next' },
        { code: 'GLS', pickup: '17:30', lane: 'Quai 4', slip: 'next' },
        { code: 'MONDIAL-RELAY', pickup: '15:00', lane: 'Quai 5', slip: 'next' },
      ],
    )
  })

  it('ships every shipped order on a closed slip, as a close does, and leaves no order manifested', async () => {
    const { rows: orders } = await sql<{ status: string; on: number; parcels: number; ok: boolean }>`
      select o.status, count(sp.parcel_id)::integer as "on", count(p.id)::integer as parcels,
             bool_and(coalesce(s.status = 'closed' and s.group_id = g.id and t.status = 'active'
                        and sp.weight_grams = coalesce(p.weight_grams, p.estimated_grams)
                        and h.at = s.closed_at and h.reason = 'Bordereau ' || s.number, false)) as ok
        from orders o
        join carrier_slip_groups g on g.carrier_id = o.carrier_id
        left join parcels p on p.order_id = o.id
        left join slip_parcels sp on sp.parcel_id = p.id
        left join carrier_slips s on s.id = sp.slip_id
        left join tracking_numbers t on t.id = sp.tracking_number_id
        left join order_status_history h on h.order_id = o.id and h.to_status in ('manifested', 'shipped')
       where o.status in ('labelled', 'manifested', 'shipped')
       group by o.id
    `.execute(db)
    expect(orders.some((o) => o.status === 'manifested')).toBe(false)
    const shipped = orders.filter((o) => o.status === 'shipped')
    expect(shipped.length).toBeGreaterThan(100)
    expect(shipped.every((o) => o.parcels > 0 && o.on > 0 && o.ok)).toBe(true)
    expect(orders.filter((o) => o.status === 'labelled').every((o) => o.on === 0)).toBe(true)

    const { rows: slips } = await sql<{ ok: boolean; empty: number; late: number }>`
      select bool_and(s.parcel_count = x.n and s.total_weight_grams = x.grams
                      and s.manifest_title = 'Bordereau transport ' || s.number) as ok,
             count(*) filter (where x.n is null)::integer as empty,
             count(*) filter (where s.closed_at > now())::integer as late
        from carrier_slips s
        left join (select slip_id, count(*)::integer as n, sum(weight_grams)::integer as grams
                     from slip_parcels group by slip_id) x on x.slip_id = s.id
       where s.status = 'closed'
    `.execute(db)
    expect(slips[0]).toEqual({ ok: true, empty: 0, late: 0 })
  })

  it("labels every demo parcel already labelled with a valid number of its carrier, past the carrier's serial", async () => {
    const { rows } = await sql<{ carrier: CarrierCode; number: string | null; serial: number | null }>`
      select c.code as carrier, t.number, cs.last_serial as serial
        from parcels p join orders o on o.id = p.order_id join carriers c on c.id = o.carrier_id
        left join tracking_numbers t on t.parcel_id = p.id and t.status = 'active'
        left join carrier_serials cs on cs.carrier_id = c.id
       where p.status = 'labelled'
    `.execute(db)
    expect(rows.length).toBeGreaterThan(20)
    expect(rows.every((r) => r.number !== null && isValidTrackingNumber(r.carrier, r.number))).toBe(true)
    const perCarrier = new Map<string, number>()
    for (const r of rows) perCarrier.set(r.carrier, (perCarrier.get(r.carrier) ?? 0) + 1)
    for (const r of rows) expect(r.serial).toBeGreaterThanOrEqual(perCarrier.get(r.carrier) ?? 0)
  })
})
