/**
 * Stock work (docs/specification.md §1, §2.1, §7.4, §7.5): reception, scrap, transfer / put-away and the
 * information screens. Every write is a movement of the ledger and accepts an Idempotency-Key,
 * so the outbox can replay it after a lost answer without moving the goods twice.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { MAX_LINE_QUANTITY, MAX_LINE_QUANTITY_MESSAGE } from '../limits.ts'
import { expectedReceptionSchema, expectedRefSchema } from './reception-views.ts'

/** A scanned EAN-13 or a typed SKU. */
export const productCodeSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'Scannez ou saisissez un produit'), z.maxLength(64))
export const locationNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'Scannez ou saisissez un emplacement'), z.maxLength(64))
const quantity = z
  .int('La quantité doit être un nombre entier')
  .check(
    z.positive('La quantité doit être au moins 1'),
    z.maximum(MAX_LINE_QUANTITY, MAX_LINE_QUANTITY_MESSAGE),
  )

/**
 * When the worker validated the write on the handheld (the ledger keeps it beside the time the
 * write arrived, which for a write queued offline can be hours later). ISO 8601 with its offset
 * ('2024-05-02T08:30:00.000Z', as Date.toISOString gives); absent, the arrival time is kept, and
 * so it is when the date is too far ahead of the server's clock or too old (limits.ts): a wrong
 * handheld clock never blocks a write.
 */
export const validatedAtSchema = z.optional(
  z.iso.datetime({
    offset: true,
    error:
      'La date de validation doit être une date et heure ISO 8601 avec fuseau (ex. 2024-05-02T08:30:00Z)',
  }),
)

export const stockProductSchema = z.object({ sku: z.string(), ean13: z.string(), name: z.string() })
export type StockProduct = z.infer<typeof stockProductSchema>

/** One movement that put goods into a location (reception). */
export const receptionMovementSchema = z.object({
  id: z.int(),
  product: stockProductSchema,
  location: z.string(),
  quantity: z.int(),
})
export type ReceptionMovement = z.infer<typeof receptionMovementSchema>

export const receptionAdd = endpoint({
  method: 'POST',
  path: '/api/client/{slugShop}/reception/add',
  summary:
    'Receives products of the shop into locations: one RECEPTION movement per line, all or none; with expected, the units are also counted against that expected reception, in the same write',
  auth: 'user',
  roles: ['Reception'],
  shopParam: 'slugShop',
  idempotent: true,
  params: z.object({ slugShop: z.string() }),
  body: z.object({
    lines: z
      .array(z.object({ code: productCodeSchema, quantity, location: locationNameSchema }))
      .check(
        z.minLength(1, 'Aucune ligne à réceptionner'),
        z.maxLength(200, 'Au plus 200 lignes par réception'),
      ),
    validatedAt: validatedAtSchema,
    /**
     * The open expected reception of the shop these units arrive with (its id, or the shop's
     * reference): each unit is counted against it, a product it did not announce as unexpected.
     * Left out, a reception without notice, as before.
     */
    expected: z.optional(expectedRefSchema),
  }),
  response: z.object({
    movements: z.array(receptionMovementSchema),
    /** With `expected`: the notice as it stands after this write. */
    expected: z.optional(expectedReceptionSchema),
  }),
})

export const transferMovementSchema = z.object({
  id: z.int(),
  product: stockProductSchema,
  from: z.string(),
  to: z.string(),
  quantity: z.int(),
})
export type TransferMovement = z.infer<typeof transferMovementSchema>

export const warehouseTransfer = endpoint({
  method: 'POST',
  path: '/rest/warehouse/transfer',
  summary:
    'Moves the given products (or, with all: true, the whole content) of one location to another: TRANSFER movements',
  auth: 'user',
  roles: ['Transfer'],
  idempotent: true,
  body: z.object({
    from: locationNameSchema,
    to: locationNameSchema,
    lines: z.optional(
      z
        .array(z.object({ code: productCodeSchema, quantity }))
        .check(
          z.minLength(1, 'Aucun produit à transférer'),
          z.maxLength(200, 'Au plus 200 lignes par transfert'),
        ),
    ),
    all: z.optional(z.boolean()),
    validatedAt: validatedAtSchema,
  }),
  response: z.object({ movements: z.array(transferMovementSchema) }),
})

export const rebutReasonSchema = z.object({ id: z.int(), label: z.string() })
export type RebutReason = z.infer<typeof rebutReasonSchema>

export const rebutAdd = endpoint({
  method: 'POST',
  path: '/api/client/{slugShop}/rebut/add',
  summary: 'Scraps a quantity of a product of the shop from a location, with a reason: one REBUT movement',
  auth: 'user',
  roles: ['Rebut'],
  shopParam: 'slugShop',
  idempotent: true,
  params: z.object({ slugShop: z.string() }),
  body: z.object({
    code: productCodeSchema,
    quantity,
    location: locationNameSchema,
    reason: z.int('Choisissez un motif de rebut').check(z.positive('Choisissez un motif de rebut')),
    validatedAt: validatedAtSchema,
  }),
  response: z.object({
    movement: z.object({
      id: z.int(),
      product: stockProductSchema,
      location: z.string(),
      quantity: z.int(),
      reason: rebutReasonSchema,
    }),
  }),
})

export const rebutReasonList = endpoint({
  method: 'GET',
  path: '/rest/warehouse/rebutreason/list',
  summary: 'The scrap reasons, in display order',
  auth: 'user',
  warehouse: true,
  response: z.array(rebutReasonSchema),
})

export const legacyRebutReasonList = endpoint({
  method: 'GET',
  path: '/api/rebut/reason/list',
  summary: 'Legacy path of rebutReasonList (the specification, §7.5): same answer',
  auth: 'user',
  warehouse: true,
  response: z.array(rebutReasonSchema),
})
