import { z } from 'zod/mini'

/** Body of every error answer (4xx/5xx) of the reference server. */
export const apiErrorBodySchema = z.object({
  code: z.string(),
  /** French, shown to the user as is. */
  message: z.string(),
  /** Field name -> French messages, for forms. */
  fieldErrors: z.optional(z.record(z.string(), z.array(z.string()))),
  /**
   * The shop API's refusals (issue 33): each field's problem with a stable code, the field named as
   * the request names it ('lines[2].sku', 'shipTo.postcode'), for a program to act on.
   */
  errors: z.optional(z.array(z.object({ field: z.string(), code: z.string(), message: z.string() }))),
  /** A change the shop API refuses because the order has moved on (code 'too_late'): its status now, and what happens instead. */
  status: z.optional(z.string()),
  instead: z.optional(z.string()),
  /** A carrier's refusal (code 'carrier_refused'): whether the same request may succeed later. */
  retryable: z.optional(z.boolean()),
  /** The order a refusal is about when the request named none (a mono shipment scan binds one). */
  order: z.optional(z.string()),
  /** Where the unit in hand goes back (code 'order_cancelled' at shipment: picked, then cancelled). */
  putBack: z.optional(z.string()),
})
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>

export const ERROR_CODES = {
  badRequest: 'bad_request',
  unauthorized: 'unauthorized',
  invalidCredentials: 'invalid_credentials',
  tooManyAttempts: 'too_many_attempts',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  /** 426: an API call over plain HTTP to a server that speaks HTTPS (server/tls/front-door.ts). */
  httpsRequired: 'https_required',
  /** 503 with Retry-After: the server sheds load past its capacity (server/http/load-shed.ts). */
  overloaded: 'overloaded',
  /** 503 with Retry-After: the database is out of reach for a moment (server/db/unavailable.ts). */
  unavailable: 'unavailable',
  /** Picking refusals (issue 12): the scanner says why, the client tells them apart. */
  wrongProduct: 'wrong_product',
  tooMany: 'too_many',
  unknownCode: 'unknown_code',
  orderCancelled: 'order_cancelled',
  taskDone: 'task_done',
  sessionClosed: 'session_closed',
  /** A multi order's unit picked without naming its tote, into another tote than its order's, or into a tote another order holds. */
  toteRequired: 'tote_required',
  wrongTote: 'wrong_tote',
  toteTaken: 'tote_taken',
  /** Packaging (issue 13): the order is not packable in its state, a box its carrier refuses, a parcel too heavy. */
  orderStatus: 'order_status',
  boxRefused: 'box_refused',
  tooHeavy: 'too_heavy',
  /** Labels (issue 13): the carrier refused the label; the order has no carrier. */
  carrierRefused: 'carrier_refused',
  noCarrier: 'no_carrier',
  /** An order state transition the state machine refuses. */
  transitionRefused: 'transition_refused',
  /** A product code of another shop than the screen's: the message names the shop when it is the user's. */
  otherShop: 'other_shop',
  /** The shop API (issue 33): a staff token on /api/v1, a shop key anywhere else. */
  staffTokenRefused: 'staff_token_refused',
  shopKeyRefused: 'shop_key_refused',
  /** An order's content the warehouse cannot take (errors[] names each field and why). */
  orderRefused: 'order_refused',
  /** A reference sent before with another content (errors[] names each field that differs). */
  orderDiffers: 'order_differs',
  /** A cancel or an address change asked once the order is being picked (status and instead say more). */
  tooLate: 'too_late',
  /** Expected receptions (issue 34): a notice the warehouse cannot take (errors[] names each field). */
  receptionRefused: 'reception_refused',
  /** A notice's reference sent before with another content (errors[] names each field that differs). */
  receptionDiffers: 'reception_differs',
  /** A notice completed or cancelled: no unit is counted against it any more, nor is it cancelled or closed again. */
  receptionClosed: 'reception_closed',
  /** 429 with Retry-After: a shop key over its pace (server/shop-api/rate-limit.ts). */
  rateLimited: 'rate_limited',
  internal: 'internal',
} as const
