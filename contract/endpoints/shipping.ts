/**
 * Parcels (docs/specification.md §7.9 `PUT /rest/order/{order}/packaging`, issue 13): a picked order is packed into
 * one parcel or several, each in a box type its carrier accepts, with an estimated weight (box tare
 * + Σ quantity × product weight) and, once on the scale, a measured one.
 *
 * The PUT states the order's packaging still to be labelled, as a whole: the parcels not labelled
 * yet, in order. Labelled parcels (and later ones: manifested, shipped) are kept as they are and
 * are not repeated in the body; they cannot change until their label is voided. So the same body
 * twice gives the same parcels (a double click never makes two boxes), and an empty list unpacks
 * every open parcel. The order becomes 'packed' once every picked unit is in a parcel, and goes
 * back to 'picked' when a later PUT takes units out.
 *
 * Its answer is the order's packaging view (orderPackagingSchema), which also lists the box types
 * the order's carrier accepts: the shipment screen's order look-up (docs/specification.md §7.11) answers the same
 * view, so the packer sees the allowed boxes before the first parcel.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { MAX_LINE_QUANTITY, MAX_LINE_QUANTITY_MESSAGE } from '../limits.ts'
import { orderStatusSchema } from './picking.ts'
import { productCodeSchema, stockProductSchema } from './stock.ts'

/** The most parcels one order may ship in (a pallet is another business). */
export const MAX_PARCELS_PER_ORDER = 50
/** A measured weight above this is a typing slip (grams typed as milligrams), not a parcel. */
export const MAX_PARCEL_WEIGHT_GRAMS = 1_000_000

export const PARCEL_STATUSES = ['open', 'labelled', 'voided', 'manifested', 'shipped'] as const
export const parcelStatusSchema = z.enum(PARCEL_STATUSES)
export type ParcelStatus = z.infer<typeof parcelStatusSchema>

/** What a worker reads for each parcel state. */
export const PARCEL_STATUS_LABELS: Record<ParcelStatus, string> = {
  open: 'À étiqueter',
  labelled: 'Étiqueté',
  voided: 'Annulé',
  manifested: 'Sur bordereau',
  shipped: 'Expédié',
}

export const boxTypeSchema = z.object({
  /** 'S', 'M', 'L', 'XL', 'ENV': what the body names. */
  code: z.string(),
  name: z.string(),
  innerMm: z.object({ length: z.int(), width: z.int(), height: z.int() }),
  tareGrams: z.int(),
  maxWeightGrams: z.int(),
})
export type BoxType = z.infer<typeof boxTypeSchema>

/** One order line as the packer sees it: how much was ordered, picked, and is already in a parcel. */
export const packagingLineSchema = z.object({
  orderLine: z.int(),
  product: stockProductSchema,
  weightGrams: z.int(),
  /** The box a unit of it goes into when it ships alone (a mono order); null: the packer chooses. */
  defaultBoxType: z.nullable(z.string()),
  quantity: z.int(),
  picked: z.int(),
  /** In parcels that are not voided. */
  packed: z.int(),
})
export type PackagingLine = z.infer<typeof packagingLineSchema>

export const parcelSchema = z.object({
  /** The parcel's number within its order: 1, 2, … */
  seq: z.int(),
  status: parcelStatusSchema,
  boxType: z.object({ code: z.string(), name: z.string() }),
  /** Box tare + Σ quantity × product weight. */
  estimatedGrams: z.int(),
  /** Measured on the scale; null until weighed. */
  weightGrams: z.nullable(z.int()),
  /** The most it may weigh: the lighter of the box's maximum and the carrier's. */
  maxGrams: z.int(),
  lines: z.array(z.object({ orderLine: z.int(), product: stockProductSchema, quantity: z.int() })),
})
export type Parcel = z.infer<typeof parcelSchema>

export const orderPackagingSchema = z.object({
  order: z.object({
    name: z.string(),
    shop: z.string(),
    status: orderStatusSchema,
    carrier: z.nullable(z.object({ code: z.string(), name: z.string(), maxParcelGrams: z.int() })),
  }),
  /** The box types the order's carrier accepts (all of them without a carrier), lightest limit first. */
  boxTypes: z.array(boxTypeSchema),
  lines: z.array(packagingLineSchema),
  /** In seq order; voided parcels are left out. */
  parcels: z.array(parcelSchema),
  /** Every picked unit is in a parcel (and at least one was picked). */
  complete: z.boolean(),
})
export type OrderPackaging = z.infer<typeof orderPackagingSchema>

const packQuantity = z
  .int('La quantité doit être un nombre entier')
  .check(
    z.positive('La quantité doit être au moins 1'),
    z.maximum(MAX_LINE_QUANTITY, MAX_LINE_QUANTITY_MESSAGE),
  )

/**
 * A line of a parcel names its order line (exact: an order may hold one product on two lines, a
 * customised one and a plain one), or a product as scanned (its SKU or EAN-13), which must then be
 * on one line only.
 */
export const packagingLineInputSchema = z
  .object({
    orderLine: z.optional(z.int().check(z.positive())),
    product: z.optional(productCodeSchema),
    quantity: packQuantity,
  })
  .check(
    z.refine((line) => (line.orderLine === undefined) !== (line.product === undefined), {
      error: 'Indiquez soit la ligne de commande, soit le produit',
      path: ['orderLine'],
    }),
  )

export const parcelInputSchema = z.object({
  boxType: z
    .string()
    .check(z.trim(), z.toUpperCase(), z.minLength(1, 'Choisissez un emballage'), z.maxLength(16)),
  weightGrams: z.optional(
    z
      .int('Le poids se saisit en grammes, sans décimale')
      .check(
        z.positive('Le poids doit être supérieur à 0'),
        z.maximum(MAX_PARCEL_WEIGHT_GRAMS, 'Poids invalide : saisissez-le en grammes'),
      ),
  ),
  lines: z
    .array(packagingLineInputSchema)
    .check(z.minLength(1, 'Un colis contient au moins un article'), z.maxLength(500)),
})
export type ParcelInput = z.infer<typeof parcelInputSchema>

export const orderPackaging = endpoint({
  method: 'PUT',
  path: '/rest/order/{order}/packaging',
  summary:
    "Sets a picked order's parcels not labelled yet (box type, measured weight, lines); labelled parcels are kept. The order is 'packed' once every picked unit is in a parcel",
  auth: 'user',
  roles: ['Shipping'],
  params: z.object({ order: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)) }),
  body: z.object({
    parcels: z
      .array(parcelInputSchema)
      .check(z.maxLength(MAX_PARCELS_PER_ORDER, `Au plus ${MAX_PARCELS_PER_ORDER} colis par commande`)),
  }),
  response: orderPackagingSchema,
})
