/**
 * Tracking numbers (issue 13): `add` labels an order's next unlabelled parcel with its carrier and
 * answers the number with the label to print; the other reads a number back for a reprint.
 *
 * `add` is a GET that may write, as the specification names it, so it is idempotent by design rather than by an
 * Idempotency-Key: a parcel that has its active number answers it again, and once every parcel is
 * labelled the order's last parcel is answered. `parcel` (its seq) names the parcel exactly, which
 * a client that may send twice (a retried request) should do. A parcel whose label was voided
 * gets a new number.
 *
 * A carrier's refusal answers 502 with code 'carrier_refused', the carrier's French message and
 * `retryable` (true: the carrier is down, ask again; false: change the parcel or the service).
 * Nothing is stored and the order keeps its state: the screen offers to retry, to choose another
 * service, or to set the parcel aside.
 *
 * The 'Colis' screen reads an order's parcels with their numbers (GET on the collection), voids a
 * label (DELETE on the number: the parcel is open again, the order back to 'packed') and records a
 * number made elsewhere (POST on the collection, HotWax's 'enter a tracking code'). Those three
 * answer the packaging view with each parcel's active number (orderTrackingSchema). A number typed
 * in gets no label from here: it was made, and its label printed, by the system that issued it,
 * and one number must never travel on two labels; so a manual number is not read back for a
 * reprint either.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { orderHoldSchema } from './order-hold.ts'
import { orderStatusSchema } from './picking.ts'
import { printDocumentSchema } from './printing.ts'
import { orderPackagingSchema, parcelSchema, parcelStatusSchema } from './shipping.ts'

export const parcelLabelSchema = z.object({
  order: z.object({ name: z.string(), status: orderStatusSchema }),
  parcel: z.object({
    seq: z.int(),
    status: parcelStatusSchema,
    /** Measured, else estimated: what the carrier was told. */
    weightGrams: z.int(),
    /** 1-based rank among the order's parcels, and how many there are (printed "Colis 1/2"). */
    number: z.int(),
    count: z.int(),
  }),
  trackingNumber: z.string(),
  carrier: z.object({ code: z.string(), name: z.string() }),
  service: z.object({ code: z.string(), name: z.string() }),
  /** For the station's label printer. */
  label: printDocumentSchema,
  /**
   * The same label for people and printers without ZPL; a label the shop bought comes only in the
   * format the shop sent it, so both links name that one.
   */
  labelPdf: printDocumentSchema,
})
export type ParcelLabel = z.infer<typeof parcelLabelSchema>

const orderParam = z.string().check(z.trim(), z.minLength(1), z.maxLength(64))
const numberParam = z.string().check(z.trim(), z.minLength(1), z.maxLength(64))
const nameRef = z.object({ code: z.string(), name: z.string() })

export const TRACKING_SOURCES = ['api', 'manual', 'shop'] as const

/** A parcel's active tracking number. */
export const parcelTrackingSchema = z.object({
  number: z.string(),
  carrier: nameRef,
  /** null: typed in without one. */
  service: z.nullable(nameRef),
  /**
   * 'api': issued here with its carrier label; 'manual': typed in, made elsewhere (no label here);
   * 'shop': the label the order's shop bought, printed here as it came.
   */
  source: z.enum(TRACKING_SOURCES),
  createdAt: z.string(),
})
export type ParcelTracking = z.infer<typeof parcelTrackingSchema>

/** The packaging view (orderPackagingSchema) with each parcel's active number and the services to ask for. */
export const orderTrackingSchema = z.extend(orderPackagingSchema, {
  parcels: z.array(z.extend(parcelSchema, { tracking: z.nullable(parcelTrackingSchema) })),
  /** The services of the order's carrier, its default first (the `service` of /add). */
  services: z.array(nameRef),
  /** Why the order is in 'exception' (issue 31): absent or null otherwise. */
  hold: z.optional(z.nullable(orderHoldSchema)),
})
export type OrderTracking = z.infer<typeof orderTrackingSchema>
export type TrackedParcel = OrderTracking['parcels'][number]

export const trackingNumberAdd = endpoint({
  method: 'GET',
  path: '/rest/order/{order}/tracking-number/add',
  summary:
    "Labels the order's next unlabelled parcel (or `parcel`) with its carrier; answers the parcel's active number if it has one. The order is 'labelled' once every parcel is",
  auth: 'user',
  roles: ['Shipping'],
  params: z.object({ order: orderParam }),
  query: z.object({
    /** A service code of the order's carrier; its first service by default. */
    service: z.optional(z.string().check(z.trim(), z.toUpperCase(), z.minLength(1), z.maxLength(32))),
    parcel: z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(1000))),
  }),
  response: parcelLabelSchema,
})

export const trackingNumberRead = endpoint({
  method: 'GET',
  path: '/rest/order/{order}/tracking-number/{trackingNumber}',
  summary: "One of the order's active tracking numbers with its label, for a reprint",
  auth: 'user',
  roles: ['Shipping'],
  params: z.object({ order: orderParam, trackingNumber: numberParam }),
  response: parcelLabelSchema,
})

export const trackingNumberList = endpoint({
  method: 'GET',
  path: '/rest/order/{order}/tracking-number',
  summary: "The order's parcels with their active tracking numbers (the 'Colis' screen's look-up)",
  auth: 'user',
  roles: ['Shipping'],
  params: z.object({ order: orderParam }),
  response: orderTrackingSchema,
})

export const trackingNumberVoid = endpoint({
  method: 'DELETE',
  path: '/rest/order/{order}/tracking-number/{trackingNumber}',
  summary:
    "Voids a label not yet on a carrier slip: its parcel is open again (to change, then label anew) and a 'labelled' order 'packed'. Voiding a voided number answers the same",
  auth: 'user',
  roles: ['Shipping'],
  params: z.object({ order: orderParam, trackingNumber: numberParam }),
  response: orderTrackingSchema,
})

export const trackingNumberManual = endpoint({
  method: 'POST',
  path: '/rest/order/{order}/tracking-number',
  summary:
    "Records a tracking number made elsewhere on an open parcel (no carrier label is made); checked against the carrier's format. The same number again answers the same",
  auth: 'user',
  roles: ['Shipping'],
  params: z.object({ order: orderParam }),
  body: z.object({
    parcel: z.int().check(z.positive(), z.maximum(1000)),
    trackingNumber: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Saisissez le numéro de suivi'),
        z.maxLength(64, 'Numéro de suivi trop long'),
      ),
    /** A carrier's code; the order's carrier by default. */
    carrier: z.optional(z.string().check(z.trim(), z.toLowerCase(), z.minLength(1), z.maxLength(32))),
  }),
  response: orderTrackingSchema,
})
