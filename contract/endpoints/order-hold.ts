/**
 * Why an order is in 'exception' (issue 31): a short pick, decided by a supervisor in
 * 'Information commande', or an order set aside at the packing station, taken up again in 'Colis'.
 * Both screens read the same hold, so each says the true reason and where the way out is.
 */
import { z } from 'zod/mini'

export const HOLD_KINDS = ['short_pick', 'set_aside'] as const
export const holdKindSchema = z.enum(HOLD_KINDS)
export type HoldKind = z.infer<typeof holdKindSchema>

/** A unit a picker could not find: so many of a product at a location. */
export const missingUnitSchema = z.object({
  sku: z.string(),
  name: z.string(),
  location: z.string(),
  quantity: z.int(),
})
export type MissingUnit = z.infer<typeof missingUnitSchema>

export const orderHoldSchema = z.object({
  kind: holdKindSchema,
  /** In French, as the worker reads it: 'Manquant au prélèvement : 1 × ML-0001 à A-01-02-03'. */
  reason: z.string(),
  /** The units missing (a short pick; empty for an order set aside). */
  missing: z.array(missingUnitSchema),
  /** The crate (tote) holding the order's picked units, if one does. */
  tote: z.nullable(z.string()),
})
export type OrderHold = z.infer<typeof orderHoldSchema>
