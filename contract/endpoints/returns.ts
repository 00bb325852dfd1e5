/**
 * Customer returns (issue 14, docs/specification.md §7.6). A shop may announce a return with the lines it expects
 * (`return/order`); the warehouse receives the parcel (`POST /rest/order/return`): the order found
 * by its number or tracking number, the origin (why it came back), and each item with its
 * condition and what happens to it: back to stock in a location (ledger RETURN), quarantine in
 * 'RETOURS' (RETURN into RETOURS), or scrap (RETURN into RETOURS then REBUT with its reason, so the
 * ledger says both that it came back and that it was thrown away).
 *
 * As in Odoo and Medusa, only what was shipped and not yet returned may come back: more is a
 * French 409. An item that is not in the order is not refused (Medusa's `is_requested = false`):
 * it is kept as a line 'hors commande' in quarantine and the return waits with a wait reason. A
 * parcel with no order found is parked the same way (`order: null`) and resolved later. A receipt
 * is a write of the outbox: exactly once under its Idempotency-Key, offline included.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { MAX_LINE_QUANTITY, MAX_LINE_QUANTITY_MESSAGE } from '../limits.ts'
import { returnStatusSchema } from './order-information.ts'
import { type OrderStatus, orderStatusSchema } from './picking.ts'
import {
  locationNameSchema,
  productCodeSchema,
  rebutReasonSchema,
  stockProductSchema,
  validatedAtSchema,
} from './stock.ts'

/** The states an order takes a return in: shipped, and some of it already back. */
export const RETURNABLE_ORDER_STATUSES: readonly OrderStatus[] = ['shipped', 'partially_returned']

/** An entry of the origins and wait reasons lists (ordered as the warehouse set them). */
export const returnReasonSchema = z.object({ id: z.int(), label: z.string() })
export type ReturnReason = z.infer<typeof returnReasonSchema>

export const returnOrderOriginList = endpoint({
  method: 'GET',
  path: '/rest/warehouse/returnorderorigin/list',
  summary: 'Why a parcel came back (customer return, refused, undeliverable…), in display order',
  auth: 'user',
  warehouse: true,
  response: z.array(returnReasonSchema),
})

export const returnOrderWaitReasonList = endpoint({
  method: 'GET',
  path: '/rest/warehouse/returnorderwaitreason/list',
  summary:
    "Why a return waits (no order found, item not in the order, the shop's decision…), in display order",
  auth: 'user',
  warehouse: true,
  response: z.array(returnReasonSchema),
})

export const RETURN_CONDITIONS = ['new', 'opened', 'damaged'] as const
export const returnConditionSchema = z.enum(RETURN_CONDITIONS)
export type ReturnCondition = z.infer<typeof returnConditionSchema>
export const RETURN_CONDITION_LABELS: Record<ReturnCondition, string> = {
  new: 'Neuf',
  opened: 'Ouvert',
  damaged: 'Abîmé',
}

export const RETURN_DISPOSITIONS = ['restock', 'quarantine', 'scrap'] as const
export const returnDispositionSchema = z.enum(RETURN_DISPOSITIONS)
export type ReturnDisposition = z.infer<typeof returnDispositionSchema>
export const RETURN_DISPOSITION_LABELS: Record<ReturnDisposition, string> = {
  restock: 'Remise en stock',
  quarantine: 'Quarantaine',
  scrap: 'Rebut',
}

/** Where quarantined and unexpected items go (a location of kind 'returns'). */
export const RETURNS_LOCATION = 'RETOURS'

const quantity = z
  .int('La quantité doit être un nombre entier')
  .check(
    z.positive('La quantité doit être au moins 1'),
    z.maximum(MAX_LINE_QUANTITY, MAX_LINE_QUANTITY_MESSAGE),
  )
const reasonId = (message: string) => z.int(message).check(z.positive(message))
const orderRef = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Scannez ou saisissez une commande ou un numéro de suivi'),
    z.maxLength(64, 'Numéro de commande ou de suivi trop long'),
  )
const note = z.optional(z.string().check(z.maxLength(500, 'La note fait au plus 500 caractères')))

/** A shop's order as the return search finds it: what was shipped and what may still come back. */
export const returnableOrderSchema = z.object({
  name: z.string(),
  status: orderStatusSchema,
  customer: z.object({ name: z.string(), email: z.nullable(z.string()) }),
  createdAt: z.string(),
  trackingNumbers: z.array(z.string()),
  lines: z.array(
    z.object({
      orderLine: z.int(),
      product: stockProductSchema,
      shipped: z.int(),
      returned: z.int(),
      /** shipped − returned − what announced returns still expect. */
      returnable: z.int(),
    }),
  ),
})
export type ReturnableOrder = z.infer<typeof returnableOrderSchema>

export const returnSearch = endpoint({
  method: 'GET',
  path: '/api/client/{slugShop}/return/search',
  summary:
    "A shop's shipped orders to return, by order number, tracking number, customer name or email: what was shipped and what may still come back",
  auth: 'user',
  roles: ['ReturnProduct'],
  shopParam: 'slugShop',
  params: z.object({ slugShop: z.string() }),
  query: z.object({
    q: z.string().check(z.trim(), z.minLength(2, 'Saisissez au moins 2 caractères'), z.maxLength(128)),
  }),
  response: z.object({ orders: z.array(returnableOrderSchema) }),
})

export const returnLineSchema = z.object({
  id: z.int(),
  /** null: a code the catalogue does not know (kept as scanned in `code`). */
  product: z.nullable(stockProductSchema),
  code: z.string(),
  quantity: z.int(),
  /** false: 'hors commande', not in the order (or more than it shipped). */
  inOrder: z.boolean(),
  /** null on an announced line not yet received. */
  condition: z.nullable(returnConditionSchema),
  disposition: z.nullable(returnDispositionSchema),
  /** Where it went: the restock location or RETOURS; null when nothing entered the ledger. */
  location: z.nullable(z.string()),
  rebutReason: z.nullable(rebutReasonSchema),
})
export type ReturnLine = z.infer<typeof returnLineSchema>

export const customerReturnSchema = z.object({
  number: z.string(),
  status: returnStatusSchema,
  shop: z.nullable(z.object({ slug: z.string(), name: z.string() })),
  order: z.nullable(z.object({ name: z.string(), status: orderStatusSchema })),
  origin: z.nullable(returnReasonSchema),
  waitReason: z.nullable(returnReasonSchema),
  note: z.nullable(z.string()),
  /** The tracking number the parcel came with, if scanned. */
  trackingNumber: z.nullable(z.string()),
  receivedAt: z.nullable(z.string()),
  lines: z.array(returnLineSchema),
})
export type CustomerReturn = z.infer<typeof customerReturnSchema>

export const returnAnnounce = endpoint({
  method: 'POST',
  path: '/api/client/{slugShop}/return/order',
  summary:
    "A return announced by the shop with the lines it expects (at most what was shipped and not yet returned): the warehouse's receipt fills it",
  auth: 'user',
  roles: ['ReturnProduct'],
  shopParam: 'slugShop',
  idempotent: true,
  params: z.object({ slugShop: z.string() }),
  body: z.object({
    order: orderRef,
    origin: z.optional(reasonId("Choisissez l'origine du retour")),
    lines: z
      .array(z.object({ code: productCodeSchema, quantity }))
      .check(z.minLength(1, 'Aucun article annoncé'), z.maxLength(200, 'Au plus 200 lignes par retour')),
    note,
  }),
  response: customerReturnSchema,
})

export const receivedLineSchema = z.object({
  code: productCodeSchema,
  quantity,
  condition: returnConditionSchema,
  disposition: returnDispositionSchema,
  /** The location a 'restock' goes back to. */
  location: z.optional(locationNameSchema),
  /** The scrap reason of a 'scrap'. */
  rebutReason: z.optional(reasonId('Choisissez un motif de rebut')),
})
export type ReceivedLine = z.infer<typeof receivedLineSchema>

export const orderReturn = endpoint({
  method: 'POST',
  path: '/rest/order/return',
  summary:
    'A returned parcel received: order (by number or tracking number, or none: parked), origin, items with condition and disposition; ledger movements, all or none',
  auth: 'user',
  roles: ['ReturnProduct'],
  idempotent: true,
  body: z.object({
    /** The order number or a tracking number of it, as scanned; null: no order found (parked). */
    order: z.nullable(orderRef),
    origin: reasonId("Choisissez l'origine du retour"),
    /** Needed when the parcel is parked or holds an item 'hors commande'. */
    waitReason: z.optional(reasonId("Choisissez un motif d'attente")),
    lines: z.array(receivedLineSchema).check(z.maxLength(200, 'Au plus 200 lignes par retour')),
    note,
    validatedAt: validatedAtSchema,
  }),
  response: customerReturnSchema,
})

export const returnWaitingList = endpoint({
  method: 'GET',
  path: '/rest/order/return/waiting',
  summary:
    'The returns waiting for a decision (parked without order, or with items not in the order), oldest first',
  auth: 'user',
  roles: ['ReturnProduct'],
  response: z.array(customerReturnSchema),
})

export const returnResolve = endpoint({
  method: 'POST',
  path: '/rest/order/return/{number}/resolve',
  summary:
    "A waiting return resolved: attached to the order found since (its lines checked against it again), or closed as it is (its items stay in 'RETOURS')",
  auth: 'user',
  roles: ['ReturnProduct'],
  idempotent: true,
  params: z.object({ number: z.string().check(z.trim(), z.minLength(1), z.maxLength(32)) }),
  body: z.object({
    /** The order it belongs to (number or tracking number); absent: close it as it is. */
    order: z.optional(orderRef),
    note,
  }),
  response: customerReturnSchema,
})
