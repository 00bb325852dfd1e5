/**
 * An order set aside in exception (issue 13): the packer's way out when a label cannot be had
 * (a carrier's refusal that retrying does not cure), so nothing blocks the station. The order
 * leaves the flow ('exception', with the reason in its status history) and comes back to it
 * from the 'Colis' screen ('Reprendre'), packed again, to be labelled or given a number.
 *
 * Both answer the 'Colis' screen's view (orderTrackingSchema, as GET tracking-number), so that
 * screen redraws from the answer. Both are idempotent by what they state: setting aside an order
 * already in exception, or resolving one already packed or labelled, answers the view unchanged.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { orderTrackingSchema } from './tracking.ts'

const orderParam = z.string().check(z.trim(), z.minLength(1), z.maxLength(64))

export const orderException = endpoint({
  method: 'POST',
  path: '/rest/order/{order}/exception',
  summary:
    "Sets a picked, packed or labelled order aside in 'exception' with its reason (the carrier's message, say). An order already in exception answers the same",
  auth: 'user',
  roles: ['Shipping'],
  params: z.object({ order: orderParam }),
  body: z.object({
    reason: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Indiquez pourquoi la commande est mise de côté'),
        z.maxLength(200, 'Motif trop long (200 caractères au plus)'),
      ),
  }),
  response: orderTrackingSchema,
})

export const orderExceptionResolve = endpoint({
  method: 'POST',
  path: '/rest/order/{order}/exception/resolve',
  summary:
    "Takes an order out of exception, back to 'packed' (or 'labelled' when every parcel has its number); every picked unit must be in a parcel. An order already packed or labelled answers the same",
  auth: 'user',
  roles: ['Shipping'],
  params: z.object({ order: orderParam }),
  response: orderTrackingSchema,
})
