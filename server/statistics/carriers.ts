/**
 * The carriers whose open slip has parcels of the user's shops waiting, soonest pickup first:
 * what the carrier slip screen lists (carrier-slips/waiting.ts decides what waits), as a count and
 * a weight per carrier. A carrier with nothing waiting is left out: nothing to act on.
 */
import { sql } from 'kysely'
import type { StatisticToday } from '../../contract/index.ts'
import { minutesToPickup, waitingTotals } from '../carrier-slips/waiting.ts'
import type { Db } from '../db/connect.ts'

const MINUTE = 60_000

export async function carriersWaiting(
  db: Db,
  shops: readonly string[],
  now: Date,
): Promise<StatisticToday['carriers']> {
  if (shops.length === 0) return []
  const [{ rows: groups }, totals] = await Promise.all([
    sql<{ id: number; code: string; name: string; pickupTime: string }>`
      select g.id, c.code, c.name, g.pickup_time as "pickupTime"
        from carrier_slip_groups g
        join carriers c on c.id = g.carrier_id
        join carrier_slips s on s.group_id = g.id and s.status = 'open'
       order by g.pickup_time, g.code
    `.execute(db),
    waitingTotals(db, shops),
  ])
  // minutesToPickup counts whole minutes from the current one: the pickup is that many after it.
  const minute = Math.floor(now.getTime() / MINUTE) * MINUTE
  return groups.flatMap((g) => {
    const waiting = totals.get(g.id)
    if (!waiting) return []
    const minutes = minutesToPickup(g.pickupTime, now)
    return [
      {
        code: g.code,
        name: g.name,
        parcels: waiting.parcels,
        weightGrams: waiting.weightGrams,
        pickupAt: new Date(minute + minutes * MINUTE).toISOString(),
        minutesToPickup: minutes,
      },
    ]
  })
}
