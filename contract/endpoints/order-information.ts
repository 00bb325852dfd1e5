/**
 * Order information (issue 14, docs/specification.md §2.1 'Information commande', §7.9): one search box that takes
 * whatever a worker has in hand, and an order's detail.
 *
 * The specification names `GET /rest/order/information` with its query unknown: it takes `q`, the text typed or
 * scanned, and resolves it the way Shopfloor's 'scan anything' does: an order number, a tracking
 * number, a tote, a picking batch name, an EAN-13 or SKU of an ordered product, a customer's email
 * or name. Each result says what it matched, so the worker sees why an order is listed. Only orders
 * of the user's shops are searched (`shop` narrows it to one).
 *
 * The detail (`GET /rest/order/{order}/information`, not in the specification, which lists an 'order detail'
 * screen without its call) answers everything the screen shows in one call: the status timeline,
 * the lines with ordered / picked / packed / shipped / returned quantities, the parcels with their
 * numbers and label (reprint), the batches, the returns, gift message and customization files.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { pickingTypeSchema } from '../roles.ts'
import { orderHoldSchema } from './order-hold.ts'
import { orderStatusSchema } from './picking.ts'
import { printDocumentSchema } from './printing.ts'
import { customizationFileSchema } from './shipment.ts'
import { parcelStatusSchema } from './shipping.ts'
import { orderSourceSchema, storedAddressSchema } from './shop-order-body.ts'
import { stockProductSchema } from './stock.ts'
import { parcelTrackingSchema } from './tracking.ts'

/** How a search text matched an order, most exact first. */
export const ORDER_MATCHES = [
  'order',
  /** The shop's own reference of the order (issue 33). */
  'reference',
  'tracking',
  'tote',
  'batch',
  'product',
  /** The ship-to's postcode, spaces and case aside. */
  'postcode',
  'email',
  'customer',
  /** The ship-to's town, case aside: when no customer's name begins so. */
  'city',
  /** Listed by 'Manquants à décider' (GET /rest/order/short-picks), not by a search text. */
  'short',
] as const
export const orderMatchSchema = z.enum(ORDER_MATCHES)
export type OrderMatch = z.infer<typeof orderMatchSchema>

/** What a worker reads beside a result: why it is listed. */
export const ORDER_MATCH_LABELS: Record<OrderMatch, string> = {
  order: 'Numéro de commande',
  reference: 'Référence boutique',
  tracking: 'Numéro de suivi',
  tote: 'Caisse',
  batch: 'Liste de picking',
  product: 'Produit commandé',
  email: 'E-mail du client',
  customer: 'Nom du client',
  postcode: 'Code postal',
  city: 'Ville',
  short: 'Manquant à décider',
}

export const ORDER_SEARCH_LIMIT = 20
export const ORDER_SEARCH_MIN = 2

const shopRefSchema = z.object({ slug: z.string(), name: z.string() })
const nameRef = z.object({ code: z.string(), name: z.string() })

export const orderSummarySchema = z.object({
  name: z.string(),
  shop: shopRefSchema,
  status: orderStatusSchema,
  pickingType: pickingTypeSchema,
  customer: z.object({ name: z.string(), email: z.nullable(z.string()) }),
  carrier: z.nullable(nameRef),
  /** Units ordered. */
  units: z.int(),
  createdAt: z.string(),
  /** What matched, and the value that matched (the tracking number, the batch name…). */
  match: z.object({ by: orderMatchSchema, value: z.string() }),
})
export type OrderSummary = z.infer<typeof orderSummarySchema>

export const orderSearchQuerySchema = z.object({
  q: z
    .string()
    .check(
      z.trim(),
      z.minLength(ORDER_SEARCH_MIN, `Saisissez au moins ${ORDER_SEARCH_MIN} caractères`),
      z.maxLength(128, 'Au plus 128 caractères'),
    ),
  /** A shop slug among the user's shops: only its orders. */
  shop: z.optional(z.string().check(z.maxLength(64))),
})

export const orderInformation = endpoint({
  method: 'GET',
  path: '/rest/order/information',
  summary:
    "Order search in the user's shops by order number, shop reference, tracking number, tote, batch, product EAN/SKU, postcode, customer email or name, town; newest first",
  auth: 'user',
  roles: ['Print'],
  query: orderSearchQuerySchema,
  response: z.object({
    results: z.array(orderSummarySchema),
    /** More orders matched than the ORDER_SEARCH_LIMIT listed: refine the search. */
    truncated: z.boolean(),
  }),
})

export const orderTimelineEntrySchema = z.object({
  at: z.string(),
  /** null: the order's creation. */
  from: z.nullable(orderStatusSchema),
  to: orderStatusSchema,
  /** The user's display name, null for the system (an import, a scheduled job). */
  user: z.nullable(z.string()),
  reason: z.nullable(z.string()),
})
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>

export const orderDetailLineSchema = z.object({
  orderLine: z.int(),
  product: stockProductSchema,
  quantity: z.int(),
  picked: z.int(),
  /** Short picks: units a picker could not find. */
  short: z.int(),
  /** Units cancelled on the line (shipped without them). */
  cancelled: z.int(),
  packed: z.int(),
  shipped: z.int(),
  returned: z.int(),
  customization: z.nullable(z.string()),
})
export type OrderDetailLine = z.infer<typeof orderDetailLineSchema>

export const orderDetailParcelSchema = z.object({
  seq: z.int(),
  status: parcelStatusSchema,
  boxType: nameRef,
  weightGrams: z.nullable(z.int()),
  estimatedGrams: z.int(),
  tracking: z.nullable(parcelTrackingSchema),
  /** The carrier label, for a reprint: only a label issued here (a typed-in number has none). */
  label: z.nullable(printDocumentSchema),
  /** The carrier slip it left on, once closed. */
  slip: z.nullable(z.string()),
})
export type OrderDetailParcel = z.infer<typeof orderDetailParcelSchema>

export const orderDetailBatchSchema = z.object({
  name: z.string(),
  pickingType: pickingTypeSchema,
  printedAt: z.string(),
  printedBy: z.nullable(z.string()),
})

export const RETURN_STATUSES = ['announced', 'received', 'waiting', 'closed'] as const
export const returnStatusSchema = z.enum(RETURN_STATUSES)
export type ReturnStatus = z.infer<typeof returnStatusSchema>
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  announced: 'Annoncé',
  received: 'Reçu',
  waiting: 'En attente',
  closed: 'Clos',
}

export const orderDetailReturnSchema = z.object({
  number: z.string(),
  status: returnStatusSchema,
  origin: z.string(),
  /** When it was received (null: announced, not yet here). */
  receivedAt: z.nullable(z.string()),
  units: z.int(),
})

export const orderDetailSchema = z.object({
  order: z.extend(z.omit(orderSummarySchema, { match: true }), {
    priority: z.int(),
    shipBy: z.nullable(z.string()),
    campaign: z.nullable(z.string()),
    giftMessage: z.nullable(z.string()),
    /** The shop consents to ship it without units that could not be picked (issue 31). */
    partialAllowed: z.boolean(),
    /** Where the carrier takes it, as the shop sent it (issue 33). */
    shipTo: storedAddressSchema,
    source: orderSourceSchema,
    /** The shop's own reference of the order; null for a demo order. */
    reference: z.nullable(z.string()),
  }),
  /** Why it is in 'exception', and where the way out is; null in any other status. */
  hold: z.nullable(orderHoldSchema),
  timeline: z.array(orderTimelineEntrySchema),
  lines: z.array(orderDetailLineSchema),
  parcels: z.array(orderDetailParcelSchema),
  batches: z.array(orderDetailBatchSchema),
  returns: z.array(orderDetailReturnSchema),
  customizationFiles: z.array(customizationFileSchema),
})
export type OrderDetail = z.infer<typeof orderDetailSchema>

const orderParam = z.string().check(z.trim(), z.minLength(1), z.maxLength(64))

export const orderDetail = endpoint({
  method: 'GET',
  path: '/rest/order/{order}/information',
  summary:
    'One order in full: status timeline, lines with ordered/picked/packed/shipped/returned quantities, parcels with numbers and labels, batches, returns, gift message, customization files',
  auth: 'user',
  roles: ['Print'],
  params: z.object({ order: orderParam }),
  response: orderDetailSchema,
})

export const orderCustomizationFiles = endpoint({
  method: 'GET',
  path: '/rest/order/{order}/customization-files',
  summary:
    'The files the shop sent with a customised order (proofs, artwork): name, MIME type and a short-lived link; images are shown, PDFs printed',
  auth: 'user',
  roles: ['Print', 'Shipping'],
  params: z.object({ order: orderParam }),
  response: z.array(customizationFileSchema),
})
