/**
 * Tracking numbers (issue 13): `add` labels an order's next unlabelled parcel with its carrier and
 * answers the number with the label to print; the other reads a number back for a reprint.
 *
 * `add` is a GET that may write, as SPEC names it, so it is idempotent by design rather than by an
 * Idempotency-Key: a parcel that has its active number answers it again, and once every parcel is
 * labelled the order's last parcel is answered. `parcel` (its seq) names the parcel exactly, which
 * a client that may send twice (a retried request) should do. A parcel whose label was voided
 * gets a new number.
 *
 * A carrier's refusal answers 502 with code 'carrier_refused', the carrier's French message and
 * `retryable` (true: the carrier is down, ask again; false: change the parcel or the service).
 * Nothing is stored and the order keeps its state: the screen offers to retry, to choose another
 * service, or to set the parcel aside.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { orderStatusSchema } from './picking.ts'
import { printDocumentSchema } from './printing.ts'
import { parcelStatusSchema } from './shipping.ts'

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
  /** The same label for people and printers without ZPL. */
  labelPdf: printDocumentSchema,
})
export type ParcelLabel = z.infer<typeof parcelLabelSchema>

const orderParam = z.string().check(z.trim(), z.minLength(1), z.maxLength(64))

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
  params: z.object({
    order: orderParam,
    trackingNumber: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  }),
  response: parcelLabelSchema,
})
