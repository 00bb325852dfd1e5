/**
 * The crates a handheld may put a multi order's units into, known before any pick is sent (issue
 * 31): offline, a crate number never printed would beep OK and be refused later, with the unit
 * long in the wrong crate. Crates are numbered in print order by one counter (box_counter,
 * 'Impression caisse'), so "the printed crates" is one number: the highest printed. The screen
 * keeps it with the reference lists (persisted query cache) and refuses a higher one at once.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'

export const pickingTotesKnown = endpoint({
  method: 'GET',
  path: '/rest/picking-session/totes',
  summary:
    "The crates printed so far: CAISSE-000001 up to the number `lastPrinted`. A handheld checks a crate's number offline against it",
  auth: 'user',
  // Crates belong to the warehouse, not to a shop: any shop's multi order may go into any crate.
  roles: ['Picking'],
  response: z.object({
    /** The highest crate number ever printed (0: none yet); every number up to it is a crate. */
    lastPrinted: z.int().check(z.nonnegative()),
  }),
})
