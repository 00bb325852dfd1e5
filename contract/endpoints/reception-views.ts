/**
 * What an expected reception (a shop's advance shipping notice, issue 34) looks like to each side:
 * the shop's view (receptions.ts, /api/v1/receptions) and the reception screen's
 * (expected-receptions.ts, and receptionAdd's answer in stock.ts). Kept apart so the stock calls
 * import these few schemas, not the shop API's or the admin area's calls.
 */
import { z } from 'zod/mini'

export const RECEPTION_STATUSES = ['open', 'completed', 'cancelled'] as const
export const receptionStatusSchema = z.enum(RECEPTION_STATUSES)
export type ReceptionStatus = z.infer<typeof receptionStatusSchema>
/** A line as received against what was announced: fewer units, as many, or more. */
export const receptionLineStateSchema = z.enum(['short', 'complete', 'over'])
export type ReceptionLineState = z.infer<typeof receptionLineStateSchema>
/** Where the notice came from: the shop API, or a CSV in the admin area. */
export const receptionSourceSchema = z.enum(['api', 'csv'])

/** One announced product: announced, received so far, received less announced, and so its state. */
export const receptionLineSchema = z.object({
  sku: z.string(),
  expected: z.int(),
  received: z.int(),
  /** received − expected: below 0 short, above 0 over. */
  difference: z.int(),
  state: receptionLineStateSchema,
})
/** A product received against the notice that it did not announce. */
export const unexpectedLineSchema = z.object({ sku: z.string(), received: z.int() })

const receptionHead = {
  reference: z.string(),
  expectedDate: z.string(),
  status: receptionStatusSchema,
  source: receptionSourceSchema,
  createdAt: z.string(),
  /** When the warehouse closed it (completed). */
  completedAt: z.nullable(z.string()),
  /** When the shop cancelled it. */
  cancelledAt: z.nullable(z.string()),
}

/** A notice as the shop reads it. */
export const shopReceptionSchema = z.object({
  ...receptionHead,
  lines: z.array(receptionLineSchema),
  unexpected: z.array(unexpectedLineSchema),
})
export type ShopReception = z.infer<typeof shopReceptionSchema>

const totals = {
  /** Products announced. */
  lineCount: z.int(),
  expectedUnits: z.int(),
  /** Units received against it, unexpected products included. */
  receivedUnits: z.int(),
}

/** A notice in the shop's list: its lines' totals. */
export const shopReceptionSummarySchema = z.object({ ...receptionHead, ...totals })

const product = { sku: z.string(), ean13: z.string(), name: z.string() }

/** A notice as the reception screen shows it: each product announced, and those that were not. */
export const expectedReceptionSchema = z.object({
  id: z.int(),
  reference: z.string(),
  expectedDate: z.string(),
  status: receptionStatusSchema,
  createdAt: z.string(),
  completedAt: z.nullable(z.string()),
  /** Who closed it (display name). */
  completedBy: z.nullable(z.string()),
  lines: z.array(z.object({ ...product, ...receptionLineSchema.shape })),
  unexpected: z.array(z.object({ ...product, received: z.int() })),
})
export type ExpectedReception = z.infer<typeof expectedReceptionSchema>

/** A notice in the warehouse's and the admin area's lists. */
export const expectedReceptionSummarySchema = z.object({
  id: z.int(),
  ...receptionHead,
  ...totals,
})
export type ExpectedReceptionSummary = z.infer<typeof expectedReceptionSummarySchema>

/** How receptionAdd names the notice it counts against: its id, or the shop's reference. */
export const expectedRefSchema = z.union(
  [
    z.int().check(z.positive(), z.maximum(2 ** 31 - 1)),
    z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  ],
  { error: 'Réception attendue : son numéro, ou la référence de la boutique.' },
)
