/**
 * The events a shop hears about (issue 34, docs/webhooks.md): each webhook's body is
 * `{id, type, timestamp, data}`, signed the Standard Webhooks way. The `data` of each type is
 * versioned here, with the calls: fields may be added, never removed or changed in meaning (a
 * change of meaning is a new type). The shops' OpenAPI document lists them under `webhooks`.
 */
import { z } from 'zod/mini'
import { holdKindSchema } from './endpoints/order-hold.ts'
import { orderStatusSchema } from './endpoints/picking.ts'
import { returnConditionSchema, returnDispositionSchema } from './endpoints/returns.ts'

/** How an event names an order: the shop's reference (null: not sent by the shop) and the warehouse's name. */
const orderRef = z.object({ reference: z.nullable(z.string()), name: z.string() })
const orderEvent = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.object({ order: orderRef, at: z.string(), ...shape })

export const eventDataSchemas = {
  /** Every change of an order's status, with the reason when there is one. */
  'order.status_changed': orderEvent({
    from: z.nullable(orderStatusSchema),
    to: orderStatusSchema,
    reason: z.nullable(z.string()),
  }),
  /** The order's last parcel left on a carrier's slip. */
  'order.shipped': orderEvent({
    carrier: z.nullable(z.string()),
    service: z.nullable(z.string()),
    parcels: z.array(
      z.object({
        number: z.int(),
        weightGrams: z.int(),
        trackingNumber: z.string(),
        carrier: z.string(),
        service: z.nullable(z.string()),
        slip: z.nullable(z.string()),
      }),
    ),
  }),
  /** Set aside: a short pick (kind short_pick) or a person's decision (set_aside), with why. */
  'order.exception': orderEvent({ kind: z.nullable(holdKindSchema), reason: z.nullable(z.string()) }),
  /** Out of its exception: back to be picked, picked, packed, or cancelled. */
  'order.exception_resolved': orderEvent({ to: orderStatusSchema, reason: z.nullable(z.string()) }),
  'order.cancelled': orderEvent({ reason: z.nullable(z.string()) }),
  /**
   * A returned parcel received: each line with its condition and where its units went (a location
   * to sell again, RETOURS to wait, or scrapped), and whether it was in the order.
   */
  'return.received': z.object({
    number: z.string(),
    order: z.nullable(orderRef),
    status: z.enum(['received', 'waiting']),
    at: z.string(),
    lines: z.array(
      z.object({
        sku: z.nullable(z.string()),
        code: z.string(),
        quantity: z.int(),
        inOrder: z.boolean(),
        condition: z.nullable(returnConditionSchema),
        disposition: z.nullable(returnDispositionSchema),
        location: z.nullable(z.string()),
      }),
    ),
  }),
  /** The shop's stock of these SKUs moved (gathered over a few seconds): the figures of GET /api/v1/stock. */
  'stock.changed': z.object({
    stock: z.array(z.object({ sku: z.string(), onHand: z.int(), reserved: z.int(), available: z.int() })),
  }),
  /**
   * An expected reception (POST /api/v1/receptions) closed by the warehouse: per SKU announced, the
   * units announced, received and the difference (received − announced: below 0 short, above 0
   * over), and the products received that it did not announce. Sent once, when it is closed.
   */
  'reception.completed': z.object({
    reference: z.string(),
    /** YYYY-MM-DD, as announced. */
    expectedDate: z.string(),
    closedAt: z.string(),
    lines: z.array(z.object({ sku: z.string(), expected: z.int(), received: z.int(), difference: z.int() })),
    unexpected: z.array(z.object({ sku: z.string(), received: z.int() })),
  }),
  /** Sent by the admin area's 'Envoyer un test' or POST /api/v1/webhooks/{id}/test. */
  'webhook.test': z.object({ message: z.string() }),
} as const

export type EventType = keyof typeof eventDataSchemas
export const EVENT_TYPES = Object.keys(eventDataSchemas) as EventType[]
export const eventTypeSchema = z.enum(EVENT_TYPES as [EventType, ...EventType[]])
/** What an endpoint may ask for: every type but the test, which goes to the endpoint tested only. */
export const SUBSCRIBABLE_EVENT_TYPES = EVENT_TYPES.filter((type) => type !== 'webhook.test')
// The types are not listed in the message: a shop's developer finds them in /api/v1/docs, and
// names such as return.received read as English words to anyone checking the message's language.
export const UNKNOWN_EVENT_MESSAGE =
  'Événement inconnu : les événements possibles sont listés dans /api/v1/docs (Webhooks).'
export const subscribableEventSchema = z.enum(SUBSCRIBABLE_EVENT_TYPES as [EventType, ...EventType[]], {
  error: UNKNOWN_EVENT_MESSAGE,
})
export type EventData<T extends EventType> = z.infer<(typeof eventDataSchemas)[T]>

/** A webhook's body. */
export const eventEnvelopeSchema = z.object({
  id: z.string(),
  type: eventTypeSchema,
  /** When the change happened (ISO 8601). */
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
})
export type EventEnvelope = z.infer<typeof eventEnvelopeSchema>
