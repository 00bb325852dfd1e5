/**
 * Today's figures (issue 14, docs/specification.md §7.12): what the home screen shows, for the user's shops and for
 * the whole warehouse. "Today" is the warehouse's day (the server's time zone, TZ), from midnight.
 *
 * Order figures count orders that reached the state today (the status history), so an order
 * picked yesterday and shipped today counts once, in `shipped`; `ready` is what waits now. Units
 * and the stock figures come from the ledger (PICK, SHIP, RETURN, REBUT, RECEPTION movements of
 * today).
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { pickingTypeCountSchema } from './picking.ts'

export const dayFiguresSchema = z.object({
  /** Orders ready to pick now. */
  ready: z.int(),
  /** Orders put in a printed picking list today. */
  printed: z.int(),
  picked: z.int(),
  packed: z.int(),
  shipped: z.int(),
  /** Units that left on a closed carrier slip today. */
  unitsShipped: z.int(),
  /** Returns received today, and their units. */
  returns: z.int(),
  unitsReturned: z.int(),
  /** Units scrapped and received today. */
  unitsScrapped: z.int(),
  unitsReceived: z.int(),
})
export type DayFigures = z.infer<typeof dayFiguresSchema>

export const hourFiguresSchema = z.object({
  /** 0–23, the warehouse's local hour. */
  hour: z.int(),
  picked: z.int(),
  packed: z.int(),
  shipped: z.int(),
})
export type HourFigures = z.infer<typeof hourFiguresSchema>

export const statisticTodaySchema = z.object({
  /** The day (YYYY-MM-DD) and when the figures were read. */
  date: z.string(),
  at: z.string(),
  warehouse: dayFiguresSchema,
  /** The user's shops, each with its figures and its ready orders per picking type (zeros included). */
  shops: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      figures: dayFiguresSchema,
      ready: z.array(pickingTypeCountSchema),
    }),
  ),
  /** Every hour from midnight to now, in the user's shops. */
  hours: z.array(hourFiguresSchema),
  /** Who did what today (orders picked and packed, parcels shipped, returns, units scrapped and received). */
  operators: z.array(
    z.object({
      user: z.string(),
      picked: z.int(),
      packed: z.int(),
      shipped: z.int(),
      returns: z.int(),
      unitsScrapped: z.int(),
      unitsReceived: z.int(),
    }),
  ),
  /** Carriers with parcels waiting on their open slip, soonest pickup first. */
  carriers: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      parcels: z.int(),
      weightGrams: z.int(),
      pickupAt: z.string(),
      /** Negative once the pickup time has passed. */
      minutesToPickup: z.int(),
    }),
  ),
})
export type StatisticToday = z.infer<typeof statisticTodaySchema>

export const statisticToday = endpoint({
  method: 'GET',
  path: '/rest/statistic/today',
  summary:
    "Today's figures per shop and for the warehouse: orders ready/printed/picked/packed/shipped, units, returns, scraps, receptions, per hour, per operator, carriers waiting",
  auth: 'user',
  warehouse: true,
  response: statisticTodaySchema,
})
