/**
 * Today's facts (facts.ts) summed into the contract's figures: a day's figures for any set of
 * shops (one shop, the user's, the whole warehouse), the user's shops hour by hour, and what each
 * operator did in them. Pure: the tests give facts and read figures.
 */
import {
  type DayFigures,
  dayFiguresSchema,
  type HourFigures,
  type StatisticToday,
} from '../../contract/index.ts'
import type { WarehouseDay } from './day.ts'
import type { Fact } from './facts.ts'

type Keep = (shop: string | null) => boolean
type Operator = StatisticToday['operators'][number]

/** A day with nothing done: every figure of the contract at zero. */
export const noFigures = (): DayFigures =>
  Object.fromEntries(Object.keys(dayFiguresSchema.shape).map((key) => [key, 0])) as DayFigures

/**
 * The figures of the shops `keep` accepts: each fact adds to the figure of its name (a metric
 * that is no day figure, the operators' parcels, adds to none); `ready` is counted apart (orders
 * waiting now).
 */
export function dayFigures(facts: readonly Fact[], ready: number, keep: Keep): DayFigures {
  const figures = { ...noFigures(), ready }
  for (const fact of facts) {
    if (keep(fact.shop) && Object.hasOwn(figures, fact.metric))
      figures[fact.metric as keyof DayFigures] += fact.value
  }
  return figures
}

/** Orders picked, packed and shipped in each hour from midnight to now; an hour told twice (the clocks went back) is one. */
export function hourFigures(facts: readonly Fact[], day: WarehouseDay, keep: Keep): HourFigures[] {
  const hours = new Map<number, HourFigures>()
  for (const hour of day.hours) hours.set(hour, { hour, picked: 0, packed: 0, shipped: 0 })
  for (const fact of facts) {
    if (fact.bucket === null || !keep(fact.shop)) continue
    if (fact.metric !== 'picked' && fact.metric !== 'packed' && fact.metric !== 'shipped') continue
    const hour = hours.get(day.hours[fact.bucket] ?? -1)
    if (hour) hour[fact.metric] += fact.value
  }
  return [...hours.values()]
}

const OPERATOR_METRICS: Partial<Record<Fact['metric'], Exclude<keyof Operator, 'user'>>> = {
  picked: 'picked',
  packed: 'packed',
  parcelsShipped: 'shipped',
  returns: 'returns',
  unitsScrapped: 'unitsScrapped',
  unitsReceived: 'unitsReceived',
}
const byName = new Intl.Collator('fr', { sensitivity: 'base' })

/** Each operator's work in the shops `keep` accepts, by name; work nobody signed (null user) is left out. */
export function operatorFigures(
  facts: readonly Fact[],
  names: ReadonlyMap<number, string>,
  keep: Keep,
): Operator[] {
  const operators = new Map<number, Operator>()
  for (const fact of facts) {
    const key = OPERATOR_METRICS[fact.metric]
    if (!key || fact.userId === null || !keep(fact.shop)) continue
    let operator = operators.get(fact.userId)
    if (!operator) {
      const user = names.get(fact.userId) ?? `#${fact.userId}`
      operator = { user, picked: 0, packed: 0, shipped: 0, returns: 0, unitsScrapped: 0, unitsReceived: 0 }
      operators.set(fact.userId, operator)
    }
    operator[key] += fact.value
  }
  return [...operators.values()].sort((a, b) => byName.compare(a.user, b.user))
}
