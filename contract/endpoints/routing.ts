/**
 * Box and package routing (docs/specification.md §7.7, issue 13): a scan at a sorting point answers where the thing
 * goes. A box is a tote (CAISSE-000042) holding a multi order's units; a package is a labelled
 * parcel, read by its tracking number.
 *
 * The answer comes from the server's routing rules (kind, carrier, mono/multi, order status, by
 * priority). Anything that cannot go on normally (unknown, empty tote, cancelled order, voided
 * label) goes to the exceptions lane, with the reason in French and `exception` set: routing never
 * refuses a scan of a thing it does not know, since the thing is in a worker's hands and must go
 * somewhere. It refuses only a thing of a shop the user does not work for (403), like every order
 * call.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { orderStatusSchema } from './picking.ts'

export const ROUTING_KINDS = ['box', 'package'] as const
export const routingKindSchema = z.enum(ROUTING_KINDS)
export type RoutingKind = z.infer<typeof routingKindSchema>

/** The station and lane every routing exception goes to. */
export const EXCEPTIONS_STATION = 'Exceptions'

export const routingAnswerSchema = z.object({
  kind: routingKindSchema,
  /** What was scanned, as the server read it (trimmed, upper case). */
  code: z.string(),
  destination: z.object({ station: z.string(), lane: z.string() }),
  /** The carrier slip the parcel goes on; null for a tote and for exceptions. */
  carrierSlipGroup: z.nullable(z.object({ code: z.string(), name: z.string() })),
  /** Why it goes there, in French, shown as is (for a cancelled order: where to put its units back). */
  reason: z.string(),
  /** The exceptions lane: unknown, empty, cancelled, voided. */
  exception: z.boolean(),
  /** The worker confirms the move (scans the lane) before the next scan. */
  confirmRequired: z.boolean(),
  /** The order the tote or parcel belongs to; null when none is known. */
  order: z.nullable(z.object({ name: z.string(), status: orderStatusSchema })),
  /** The order's carrier, when it has one. */
  carrier: z.nullable(z.object({ code: z.string(), name: z.string() })),
})
export type RoutingAnswer = z.infer<typeof routingAnswerSchema>

const scanned = z.string().check(z.trim(), z.toUpperCase(), z.minLength(1), z.maxLength(64))

export const routingBox = endpoint({
  method: 'GET',
  path: '/rest/boa/routing/box/{box}',
  summary: "Where a tote (CAISSE-…) goes: its order's station and lane, or the exceptions lane",
  auth: 'user',
  roles: ['Shipping', 'Barcode'],
  params: z.object({ box: scanned }),
  response: routingAnswerSchema,
})

export const routingPackage = endpoint({
  method: 'GET',
  path: '/rest/boa/routing/package/{package}',
  summary:
    "Where a labelled parcel (its tracking number) goes: its carrier's dock lane and slip group, or the exceptions lane",
  auth: 'user',
  roles: ['Shipping', 'Barcode'],
  params: z.object({ package: scanned }),
  response: routingAnswerSchema,
})
