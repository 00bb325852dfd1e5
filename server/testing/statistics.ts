/**
 * Shared by the statistics tests: today's figures as a user gets them, and what changed between
 * two readings (the seeded demo has a past of its own, so a test reads differences).
 */
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { DayFigures, StatisticToday } from '../../contract/index.ts'
import { bearer, tokenFor } from './app.ts'

export function statsReader(app: FastifyInstance) {
  return async (username: string): Promise<StatisticToday> => {
    const res = await app.inject({
      method: 'GET',
      url: '/rest/statistic/today',
      headers: bearer(await tokenFor(app, username)),
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as StatisticToday
  }
}

/** The figures that moved from `before` to `after`, and by how much. */
export function moved(before: DayFigures | undefined, after: DayFigures | undefined): Partial<DayFigures> {
  const changes: Partial<DayFigures> = {}
  for (const key of Object.keys(after ?? {}) as (keyof DayFigures)[]) {
    const delta = (after?.[key] ?? 0) - (before?.[key] ?? 0)
    if (delta !== 0) changes[key] = delta
  }
  return changes
}

export const shopOf = (stats: StatisticToday, slug: string) => stats.shops.find((s) => s.slug === slug)
export const operatorOf = (stats: StatisticToday, name: string) =>
  stats.operators.find((o) => o.user === name)
