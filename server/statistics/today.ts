/**
 * `GET /rest/statistic/today` (docs/specification.md §7.12): today's figures for the user's shops and for the
 * whole warehouse, hour by hour and per operator in the user's shops, and the carriers waiting.
 * A handful of aggregate reads (facts.ts, picking/ready.ts, carriers.ts) and pure sums (figures.ts).
 */
import type { StatisticToday } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import { readyCounts, typeCounts } from '../picking/ready.ts'
import { carriersWaiting } from './carriers.ts'
import { warehouseDay } from './day.ts'
import { dayFigures, hourFigures, operatorFigures } from './figures.ts'
import { todayFacts } from './facts.ts'

const byName = new Intl.Collator('fr', { sensitivity: 'base' })

export async function statisticsToday(db: Db, user: AuthUser, now = new Date()): Promise<StatisticToday> {
  const day = warehouseDay(now)
  const mine = new Set(user.shops)
  const [ready, facts, shops, carriers] = await Promise.all([
    readyCounts(db, null),
    todayFacts(db, day.since),
    mine.size === 0
      ? []
      : db
          .selectFrom('shops')
          .select(['slug', 'name'])
          .where('slug', 'in', [...mine])
          .execute(),
    carriersWaiting(db, user.shops, now),
  ])
  const inMine = (shop: string | null) => shop !== null && mine.has(shop)
  const readyOf = (shop: string | null) =>
    ready.filter((r) => shop === null || r.shop === shop).reduce((sum, r) => sum + r.orders, 0)
  const userIds = [
    ...new Set(facts.filter((f) => f.userId !== null && inMine(f.shop)).map((f) => f.userId as number)),
  ]
  const names = new Map(
    userIds.length === 0
      ? []
      : (
          await db.selectFrom('users').select(['id', 'display_name']).where('id', 'in', userIds).execute()
        ).map((u) => [u.id, u.display_name] as const),
  )
  return {
    date: day.date,
    at: now.toISOString(),
    warehouse: dayFigures(facts, readyOf(null), () => true),
    shops: shops
      .sort((a, b) => byName.compare(a.name, b.name))
      .map((shop) => ({
        slug: shop.slug,
        name: shop.name,
        figures: dayFigures(facts, readyOf(shop.slug), (s) => s === shop.slug),
        ready: typeCounts(ready, shop.slug),
      })),
    hours: hourFigures(facts, day, inMine),
    operators: operatorFigures(facts, names, inMine),
    carriers,
  }
}
