/**
 * Shipment, 'Expédition' (docs/specification.md §2.1, §7.11, issue 13): picked orders leave packed and labelled.
 *
 * Mono: the packer scans a picked mono batch (its printed name), then one unit after another. Each
 * unit binds the batch's oldest order still to label that holds its product (priority first, then
 * the oldest), packs it in the product's default box, labels it with its carrier and answers the
 * label to print at once, with what is left of the batch. A unit whose orders are all labelled is
 * refused; one left over by an order cancelled after picking is refused with where it goes back.
 *
 * Multi: the packer scans an order (or the tote it was picked into), scans its units into
 * parcels, then prints: one label per parcel and the packing slip.
 *
 * The POSTs take an Idempotency-Key: the same key answers what its first request did (a retried
 * scan the label it made, never a second parcel), another body with it is a 409. Without one they
 * are still safe to repeat: the multi ones state a result (these parcels; a label on every
 * parcel, a labelled parcel answering its own).
 *
 * A carrier's refusal answers 502 'carrier_refused' with `retryable` and `order`
 * (contract/errors.ts); the order stays packed with its parcel open. Mono: the packer sets the unit
 * aside and goes on, the next scans binding the other orders; `/rest/order/{order}/tracking-number/add`
 * retries it (with another `service` if need be), and so does a scan of the product once it is the
 * last order needing it. Multi: labels issued before the refusal are kept, and printing again
 * continues. A unit of an order cancelled after picking answers 409 'order_cancelled' with
 * `putBack`, the location it came from; an order without a carrier 409 'no_carrier' with `order`.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { pickingTypeSchema } from '../roles.ts'
import { orderStatusSchema } from './picking.ts'
import { printDocumentSchema } from './printing.ts'
import { MAX_PARCELS_PER_ORDER, orderPackagingSchema, parcelInputSchema } from './shipping.ts'
import { productCodeSchema, stockProductSchema } from './stock.ts'
import { parcelLabelSchema } from './tracking.ts'

/** The packing table's command barcodes (shown on the shipment screen, read by its scan step). */
export const SHIPMENT_COMMANDS = { reprint: 'CMD-REIMPRIMER' } as const

/** The most units one parcel of a multi shipment may list (one code per unit scanned). */
export const MAX_PARCEL_ITEMS = 2000

/** A batch name as printed (ML-MONO-GIFT-0042), scanned or typed: case and spaces do not matter. */
const pickingNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'Scannez une liste de picking'), z.maxLength(64))
/** An order's name, or the code of the tote it was picked into (CAISSE-000042). */
const orderOrToteSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'Scannez une commande ou sa caisse'), z.maxLength(64))
const serviceSchema = z.string().check(z.trim(), z.toUpperCase(), z.minLength(1), z.maxLength(32))

export const carrierServiceSchema = z.object({ code: z.string(), name: z.string() })

/** A unit to put back on its shelf: picked for an order cancelled since. */
export const putBackSchema = z.object({
  order: z.string(),
  product: stockProductSchema,
  quantity: z.int(),
  /** Where it was picked from; null when the pick left no location (never for a scanned pick). */
  location: z.nullable(z.string()),
})
export type PutBack = z.infer<typeof putBackSchema>

/** One product of a mono batch: what was picked for it, what is labelled, what is left to scan. */
export const monoProductSchema = z.object({
  product: stockProductSchema,
  /** Units picked for the batch's orders that are not cancelled. */
  picked: z.int(),
  /** Of those, units in a labelled parcel (labelled, on a carrier slip, shipped). */
  shipped: z.int(),
  /** Units of the orders still to label (picked, or packed with a label the carrier refused). */
  left: z.int(),
  /** Those orders. */
  ordersLeft: z.int(),
  /** Units picked for orders cancelled since: to put back, not to ship (see `putBack`). */
  cancelled: z.int(),
  /**
   * Units of orders set aside in exception (a label the carrier refused, then 'Mettre de côté'; a
   * short pick): counted in `picked`, neither shipped nor left; 'Colis' takes them up (issue 31).
   */
  setAside: z.int(),
})
export type MonoProduct = z.infer<typeof monoProductSchema>

export const monoBatchSchema = z.object({
  batch: z.object({ name: z.string(), shop: z.string(), pickingType: z.nullable(pickingTypeSchema) }),
  /** By SKU. */
  products: z.array(monoProductSchema),
  /** Orders of the batch still to label, and their units. */
  ordersLeft: z.int(),
  unitsLeft: z.int(),
  putBack: z.array(putBackSchema),
})
export type MonoBatch = z.infer<typeof monoBatchSchema>

export const shipmentMonoBatch = endpoint({
  method: 'GET',
  path: '/rest/warehouse/shipment/mono/{pickingName}',
  summary:
    'A picked mono batch by its name: per product the units picked, labelled and left, and the orders left; 404 unknown, 409 not mono or nothing picked',
  auth: 'user',
  roles: ['Shipping'],
  params: z.object({ pickingName: pickingNameSchema }),
  response: monoBatchSchema,
})

export const monoShipmentSchema = z.object({
  /** The order the unit shipped for; `units`: how many units its parcel holds (1 for a mono order). */
  order: z.object({ name: z.string(), customer: z.string(), status: orderStatusSchema, units: z.int() }),
  carrier: z.object({ code: z.string(), name: z.string() }),
  service: carrierServiceSchema,
  label: parcelLabelSchema,
  /** The batch after this unit: what is left per product. */
  batch: monoBatchSchema,
})
export type MonoShipment = z.infer<typeof monoShipmentSchema>

export const shipmentOrderMono = endpoint({
  method: 'POST',
  path: '/rest/warehouse/shipment/order/mono',
  summary:
    "A unit scanned from a mono batch: binds the batch's oldest order to label holding it, packs it in the product's default box and labels it; answers the label and what is left",
  auth: 'user',
  roles: ['Shipping'],
  idempotent: true,
  body: z.object({ pickingName: pickingNameSchema, product: productCodeSchema }),
  response: monoShipmentSchema,
})

export const customizationSchema = z.object({
  orderLine: z.int(),
  product: stockProductSchema,
  /** What to engrave or print, as the shop sent it. */
  text: z.string(),
})

export const customizationFileSchema = z.object({
  name: z.string(),
  /** A MIME type: image/png, application/pdf. */
  type: z.string(),
  url: z.string(),
})

/** A multi order as the packing station sees it: its packaging (lines, parcels, boxes) and more. */
export const shipmentOrderSchema = z.extend(orderPackagingSchema, {
  pickingType: pickingTypeSchema,
  /** The tote its units were picked into, if any. */
  tote: z.nullable(z.string()),
  customer: z.object({ name: z.string(), email: z.nullable(z.string()) }),
  /** The services of the order's carrier (`order.carrier`), its default first; empty without one. */
  services: z.array(carrierServiceSchema),
  /** For the card in the parcel (gift orders). */
  giftMessage: z.nullable(z.string()),
  customizations: z.array(customizationSchema),
  /** Files the shop sent with a customised order (proofs, job sheet): server/order-information. */
  customizationFiles: z.array(customizationFileSchema),
  /** Cancelled after picking: nothing ships, the picked units go back (French message, where). */
  cancelled: z.nullable(z.object({ message: z.string(), putBack: z.array(putBackSchema) })),
})
export type ShipmentOrder = z.infer<typeof shipmentOrderSchema>

export const shipmentOrder = endpoint({
  method: 'GET',
  path: '/rest/warehouse/shipment/order/{orderName}',
  summary:
    'An order to pack, by its name or its tote code: lines, parcels, allowed box types, customer, carrier services, gift message, customizations',
  auth: 'user',
  roles: ['Shipping'],
  params: z.object({ orderName: orderOrToteSchema }),
  response: shipmentOrderSchema,
})

/** A parcel as scanned: its box, its weight if weighed, one product code (EAN-13 or SKU) per unit. */
export const scannedParcelSchema = z.extend(z.omit(parcelInputSchema, { lines: true }), {
  items: z
    .array(productCodeSchema)
    .check(
      z.minLength(1, 'Un colis contient au moins un article'),
      z.maxLength(MAX_PARCEL_ITEMS, `Au plus ${MAX_PARCEL_ITEMS} articles par colis`),
    ),
})
export type ScannedParcel = z.infer<typeof scannedParcelSchema>

export const shipmentOrderMulti = endpoint({
  method: 'POST',
  path: '/rest/warehouse/shipment/order/multi',
  summary:
    "Packs an order (name or tote) into the parcels scanned, every unit counted onto its order lines; labelled parcels are kept. Answers the order's packaging",
  auth: 'user',
  roles: ['Shipping'],
  idempotent: true,
  body: z.object({
    order: orderOrToteSchema,
    parcels: z
      .array(scannedParcelSchema)
      .check(
        z.minLength(1, 'Ajoutez au moins un colis'),
        z.maxLength(MAX_PARCELS_PER_ORDER, `Au plus ${MAX_PARCELS_PER_ORDER} colis par commande`),
      ),
  }),
  response: orderPackagingSchema,
})

export const multiShipmentPrintSchema = z.object({
  order: z.object({ name: z.string(), status: orderStatusSchema }),
  /** One per parcel, in parcel order (those labelled before keep their label). */
  labels: z.array(parcelLabelSchema),
  /** A4: the order, the customer, what each parcel holds, the gift message. */
  packingSlip: printDocumentSchema,
})
export type MultiShipmentPrint = z.infer<typeof multiShipmentPrintSchema>

export const shipmentOrderMultiPrint = endpoint({
  method: 'POST',
  path: '/rest/warehouse/shipment/order/multi/print',
  summary:
    "Labels every parcel of a packed order not labelled yet (its carrier's `service`, the first by default) and answers all its labels and the packing slip",
  auth: 'user',
  roles: ['Shipping'],
  idempotent: true,
  body: z.object({ order: orderOrToteSchema, service: z.optional(serviceSchema) }),
  response: multiShipmentPrintSchema,
})
