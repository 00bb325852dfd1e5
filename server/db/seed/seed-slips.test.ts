import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CarrierCode, isValidTrackingNumber } from '../../carriers/registry.ts'
import { createTestDb } from '../../testing.ts'
import type { Db } from '../connect.ts'

describe('demo seed: routing and carrier slips', () => {
  let db: Db
  beforeAll(async () => {
    db = await createTestDb()
  })
  afterAll(() => db.destroy())

  it('gives every demo carrier a slip group with its pickup, dock lane and open slip', async () => {
    const { rows } = await sql<{ code: string; pickup: string; lane: string; slip: string }>`
      select g.code, g.pickup_time as pickup, g.dock_lane as lane, s.number as slip
        from carrier_slip_groups g join carrier_slips s on s.group_id = g.id and s.status = 'open'
       order by g.code
    `.execute(db)
    expect(rows).toEqual([
      { code: 'CHRONOPOST', pickup: '18:00', lane: 'Quai 2', slip: 'BT-CHRONOPOST-000001' },
      { code: 'COLISSIMO', pickup: '16:30', lane: 'Quai 1', slip: 'BT-COLISSIMO-000001' },
      { code: 'DPD', pickup: '17:00', lane: 'Quai 3', slip: 'BT-DPD-000001' },
      { code: 'GLS', pickup: '17:30', lane: 'Quai 4', slip: 'BT-GLS-000001' },
      { code: 'MONDIAL-RELAY', pickup: '15:00', lane: 'Quai 5', slip: 'BT-MONDIAL-RELAY-000001' },
    ])
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
