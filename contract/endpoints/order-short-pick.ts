/**
 * A supervisor's decision on an order stuck on a short pick (issue 31, docs/outbound.md "Short picks"),
 * from 'Information commande' (its role, Print):
 * - 'ship_partial': ship without the missing units, only when the shop consented to partial
 *   shipment on the order; the missing units are cancelled on their lines and the order goes on
 *   to 'picked' (Expédition expects only the picked units);
 * - 'wait_stock': the picked units go back to their locations, the order back to ready (the count
 *   task is already there) to be picked again in full;
 * - 'cancel': the picked units go back to their locations and the order is cancelled.
 * The crate is freed whenever the order leaves it. Idempotent by what it states: an order already
 * where the decision puts it answers its detail again. The answer is the order's detail, so the
 * screen redraws from it.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { orderDetailSchema, orderSummarySchema } from './order-information.ts'

export const SHORT_PICK_DECISIONS = ['ship_partial', 'wait_stock', 'cancel'] as const
export const shortPickDecisionSchema = z.enum(SHORT_PICK_DECISIONS)
export type ShortPickDecision = z.infer<typeof shortPickDecisionSchema>

const orderParam = z.string().check(z.trim(), z.minLength(1), z.maxLength(64))

export const orderShortPickDecision = endpoint({
  method: 'POST',
  path: '/rest/order/{order}/short-pick/decision',
  summary:
    "Decides an order in exception for a short pick: ship without the missing units (with the shop's consent), wait for stock (back to ready), or cancel; the picked units go back to stock and the crate is freed when the order leaves it. An order already where the decision puts it answers the same",
  auth: 'user',
  roles: ['Print'],
  params: z.object({ order: orderParam }),
  body: z.object({ decision: shortPickDecisionSchema }),
  response: orderDetailSchema,
})

export const orderShortPickList = endpoint({
  method: 'GET',
  path: '/rest/order/short-picks',
  summary:
    "The orders of the user's shops waiting for a decision on a short pick ('Manquants à décider'), oldest first",
  auth: 'user',
  roles: ['Print'],
  query: z.object({ shop: z.optional(z.string().check(z.maxLength(64))) }),
  response: z.object({ results: z.array(orderSummarySchema), truncated: z.boolean() }),
})
