/**
 * `GET /rest/warehouse/carrier-slip/list`: every group's open slip with what waits on it, its
 * figures and its pre-flight, for the shops the user works for, and how many parcels of other shops
 * wait on it (counted, not listed: they bar the user's close, issue 31). Four reads, whatever the
 * number of groups: the groups with their open slip, the waiting parcels, the pre-flight, the others.
 */
import { sql } from 'kysely'
import type { CarrierSlipGroup } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import { minutesToPickup, othersWaitingTotals, preflight, waitingParcels } from './waiting.ts'

interface GroupRow {
  id: number
  code: string
  name: string
  carrierCode: string
  carrierName: string
  pickupTime: string
  slip: string
  openedAt: Date
}

export async function listSlips(db: Db, user: AuthUser, now = new Date()): Promise<CarrierSlipGroup[]> {
  const { rows: groups } = await sql<GroupRow>`
    select g.id, g.code, g.name, c.code as "carrierCode", c.name as "carrierName", g.pickup_time as "pickupTime",
           s.number as slip, s.opened_at as "openedAt"
      from carrier_slip_groups g
      join carriers c on c.id = g.carrier_id
      join carrier_slips s on s.group_id = g.id and s.status = 'open'
     order by g.pickup_time, g.code
  `.execute(db)
  const [parcels, checks, others] = await Promise.all([
    waitingParcels(db, user.shops, null),
    preflight(db, user.shops),
    othersWaitingTotals(db, user.shops),
  ])
  return groups.map((g) => {
    const mine = parcels.filter((p) => p.groupId === g.id)
    return {
      group: { code: g.code, name: g.name },
      carrier: { code: g.carrierCode, name: g.carrierName },
      pickupTime: g.pickupTime,
      minutesToPickup: minutesToPickup(g.pickupTime, now),
      slip: { number: g.slip, openedAt: new Date(g.openedAt).toISOString() },
      parcels: mine.map((p) => ({
        trackingNumber: p.trackingNumber,
        order: p.order,
        shop: p.shop,
        seq: p.seq,
        weightGrams: p.weightGrams,
        weighed: p.weighed,
        labelledAt: new Date(p.labelledAt).toISOString(),
      })),
      parcelCount: mine.length,
      totalWeightGrams: mine.reduce((sum, p) => sum + p.weightGrams, 0),
      preflight: checks.get(g.id) ?? [],
      otherShopsParcels: others.get(g.id) ?? 0,
    }
  })
}
