/**
 * What the home screen shows of today's figures (GET /rest/statistic/today), derived without
 * React: the user's shops with what waits to be picked, the day's figures beside the whole
 * warehouse's, the hours worth drawing, the carriers by time left to their pickup, and how fresh
 * the figures are. The minutes to a pickup are counted from the pickup's time, not taken from the
 * answer: figures kept offline or between two refreshes still tell the time left right.
 */
import {
  PICKING_TYPE_LABELS,
  type DayFigures,
  type HourFigures,
  type PickingType,
  type StatisticToday,
} from '@contract'

export const FIGURE_KEYS = [
  'printed',
  'picked',
  'packed',
  'shipped',
  'unitsShipped',
  'returns',
  'unitsScrapped',
  'unitsReceived',
] as const satisfies readonly (keyof DayFigures)[]
export type FigureKey = (typeof FIGURE_KEYS)[number]

export interface FigureTile {
  key: FigureKey
  /** In the user's shops. */
  value: number
  /** The whole warehouse's, when it says more than the user's shops (he does not work for them all). */
  warehouse: number | null
}

export function figureTiles(stats: StatisticToday): FigureTile[] {
  return FIGURE_KEYS.map((key) => {
    const value = stats.shops.reduce((sum, shop) => sum + shop.figures[key], 0)
    const warehouse = stats.warehouse[key]
    return { key, value, warehouse: warehouse === value ? null : warehouse }
  })
}

export interface ShopReady {
  slug: string
  name: string
  orders: number
  units: number
  /** The picking types with orders waiting, in the contract's order. */
  types: { pickingType: PickingType; label: string; orders: number }[]
}

export function shopsReady(stats: StatisticToday): ShopReady[] {
  return stats.shops.map((shop) => ({
    slug: shop.slug,
    name: shop.name,
    orders: shop.ready.reduce((sum, t) => sum + t.orders, 0),
    units: shop.ready.reduce((sum, t) => sum + t.units, 0),
    types: shop.ready
      .filter((t) => t.orders > 0)
      .map((t) => ({
        pickingType: t.pickingType,
        label: PICKING_TYPE_LABELS[t.pickingType],
        orders: t.orders,
      })),
  }))
}

/** The shop to start with, the home screen's one highlighted action: the most orders waiting. */
export function primaryShop(shops: readonly ShopReady[]): string | null {
  const best = shops.reduce<ShopReady | null>((top, s) => (s.orders > (top?.orders ?? 0) ? s : top), null)
  return best?.slug ?? null
}

/** Under this many minutes a pickup is near: the parcels must be on the dock. */
export const SOON_MINUTES = 30

export interface CarrierDue {
  code: string
  name: string
  parcels: number
  weightGrams: number
  pickupAt: string
  minutes: number
  tone: 'late' | 'soon' | 'later'
}

export function carriersDue(stats: StatisticToday, now: Date): CarrierDue[] {
  return stats.carriers
    .map((c) => {
      const minutes = Math.round((Date.parse(c.pickupAt) - now.getTime()) / 60_000)
      const tone: CarrierDue['tone'] = minutes < 0 ? 'late' : minutes <= SOON_MINUTES ? 'soon' : 'later'
      return {
        code: c.code,
        name: c.name,
        parcels: c.parcels,
        weightGrams: c.weightGrams,
        pickupAt: c.pickupAt,
        minutes,
        tone,
      }
    })
    .sort((a, b) => a.minutes - b.minutes)
}

/** The chart keeps at least this many hours, so early in the day it is not one lone bar. */
export const MIN_CHART_HOURS = 6

/** The hours worth drawing: from the first with work (or the last MIN_CHART_HOURS) to now; null when nothing happened yet. */
export function chartHours(hours: readonly HourFigures[]): { hours: HourFigures[]; max: number } | null {
  const total = (h: HourFigures) => h.picked + h.packed + h.shipped
  const max = Math.max(0, ...hours.flatMap((h) => [h.picked, h.packed, h.shipped]))
  if (max === 0) return null
  const first = hours.findIndex((h) => total(h) > 0)
  const start = Math.max(0, Math.min(first, hours.length - MIN_CHART_HOURS))
  return { hours: hours.slice(start), max }
}

/** Past this age the figures were not refreshed (two refreshes missed): the panel says so. */
export const STALE_AFTER_MS = 150_000

export type Freshness = 'fresh' | 'offline' | 'stale'

export function freshness(at: string, now: Date, online: boolean): Freshness {
  if (!online) return 'offline'
  return now.getTime() - Date.parse(at) > STALE_AFTER_MS ? 'stale' : 'fresh'
}
