/**
 * Today's figures for the tests: a busy day (two shops of the user, a third in the warehouse, two
 * carriers waiting) or a quiet one.
 */
import {
  dayFiguresSchema,
  MONO_PICKING_TYPES,
  MULTI_PICKING_TYPES,
  type DayFigures,
  type StatisticToday,
} from '@contract'

/** The contract's day figures, at zero but for `values`. */
export const figures = (values: Partial<DayFigures> = {}): DayFigures => ({
  ...(Object.fromEntries(Object.keys(dayFiguresSchema.shape).map((key) => [key, 0])) as DayFigures),
  ...values,
})

/** A day with nothing done yet: what the home screen's figures show unless a test says otherwise. */
export const quietDay = (): StatisticToday => ({
  date: '2025-07-01',
  at: new Date().toISOString(),
  warehouse: figures(),
  shops: [],
  hours: [{ hour: 0, picked: 0, packed: 0, shipped: 0 }],
  operators: [],
  carriers: [],
})

const types = (orders: Partial<Record<string, number>>) =>
  [...MONO_PICKING_TYPES, ...MULTI_PICKING_TYPES].map((pickingType) => ({
    pickingType,
    orders: orders[pickingType] ?? 0,
    units: (orders[pickingType] ?? 0) * 2,
  }))

const minutesFrom = (at: string, minutes: number) => new Date(Date.parse(at) + minutes * 60_000).toISOString()

/**
 * The figures read at `at` (14:30 in Paris by default): Colissimo picks up 30 min later, DPD came
 * 30 min before.
 */
export function sampleDay(at = '2025-07-01T12:30:00.000Z'): StatisticToday {
  return {
    date: '2025-07-01',
    at,
    warehouse: figures({
      ready: 60,
      printed: 30,
      picked: 25,
      packed: 20,
      shipped: 18,
      unitsShipped: 40,
      returns: 3,
      unitsReturned: 3,
      unitsScrapped: 1,
      unitsReceived: 120,
    }),
    shops: [
      {
        slug: 'atelier-velo',
        name: 'Atelier Vélo',
        figures: figures({
          ready: 12,
          printed: 10,
          picked: 8,
          packed: 6,
          shipped: 5,
          unitsShipped: 11,
          returns: 1,
          unitsReceived: 20,
        }),
        ready: types({ mono: 4, multi_gift: 8 }),
      },
      {
        slug: 'maison-lumiere',
        name: 'Maison Lumière',
        figures: figures({
          ready: 40,
          printed: 20,
          picked: 17,
          packed: 14,
          shipped: 13,
          unitsShipped: 29,
          returns: 1,
          unitsScrapped: 1,
          unitsReceived: 100,
        }),
        ready: types({ mono: 30, multi: 10 }),
      },
    ],
    hours: Array.from({ length: 15 }, (_, hour) => ({
      hour,
      picked: hour >= 8 ? hour - 6 : 0,
      packed: hour >= 9 ? hour - 8 : 0,
      shipped: hour === 14 ? 18 : 0,
    })),
    operators: [],
    carriers: [
      {
        code: 'colissimo',
        name: 'Colissimo',
        parcels: 12,
        weightGrams: 14_250,
        pickupAt: minutesFrom(at, 30),
        minutesToPickup: 30,
      },
      {
        code: 'dpd',
        name: 'DPD',
        parcels: 1,
        weightGrams: 800,
        pickupAt: minutesFrom(at, -30),
        minutesToPickup: -30,
      },
    ],
  }
}
