/**
 * Outbound, part 1 (docs/specification.md §2.1, §3 Picking type and Printer log, §5, §7.10): ready orders counted
 * per picking type and campaign, pick lists printed as batches, and scan-based picking sessions.
 *
 * The specification shows one print path for both families, `/rest/{slug}/picking/print/{pickingType}`: the
 * "mono route" and the "multi route" of §5 are the same path, whose pickingType must be one of the
 * eight values (anything else is a French 400 from this schema); the family decides the document
 * (mono lists grouped by product, multi lists with an order slip per tote slot).
 *
 * The print GETs change state (they claim orders): the client calls them once per click, never on
 * a retry or refetch, with an Idempotency-Key so a retried click answers the same batch.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { MONO_PICKING_TYPES, MULTI_PICKING_TYPES, type PickingType, pickingTypeSchema } from '../roles.ts'
import { printDocumentSchema } from './printing.ts'

/** How many orders one pick list takes at most, and by default. */
export const MAX_PICKING_ORDERS = 200
export const DEFAULT_PICKING_ORDERS = 30

export const isMonoPickingType = (type: string) => (MONO_PICKING_TYPES as readonly string[]).includes(type)

/**
 * Order states (issue 12): to_pick (ready) → picking (in a batch) → picked → packed → labelled →
 * manifested (on a carrier slip) → shipped → partially_returned / returned (issue 14); on_hold,
 * exception (short pick, label failure) and cancelled (until packed) beside them. The server checks every transition (server/orders).
 */
export const ORDER_STATUSES = [
  'to_pick',
  'picking',
  'picked',
  'packed',
  'labelled',
  'manifested',
  'shipped',
  'partially_returned',
  'returned',
  'on_hold',
  'exception',
  'cancelled',
] as const
export const orderStatusSchema = z.enum(ORDER_STATUSES)
export type OrderStatus = z.infer<typeof orderStatusSchema>

const slugParams = z.object({ slug: z.string() })

export const pickingTypeCountSchema = z.object({
  pickingType: pickingTypeSchema,
  orders: z.int(),
  units: z.int(),
})
export type PickingTypeCount = z.infer<typeof pickingTypeCountSchema>

export const pickingOrderCount = endpoint({
  method: 'GET',
  path: '/rest/{slug}/picking/order-count',
  summary:
    "A shop's orders ready to pick and their units, for each of the eight picking types (zeros included)",
  auth: 'user',
  roles: ['Picking'],
  shopParam: 'slug',
  params: slugParams,
  response: z.object({ types: z.array(pickingTypeCountSchema) }),
})

export const campaignCountSchema = z.object({
  code: z.string(),
  name: z.string(),
  orders: z.int(),
  units: z.int(),
})
export type CampaignCount = z.infer<typeof campaignCountSchema>

export const pickingCampaignList = endpoint({
  method: 'GET',
  path: '/rest/{slug}/picking/order-campaign-list',
  summary: "A shop's campaigns that have orders ready to pick, with their counts",
  auth: 'user',
  roles: ['Picking'],
  shopParam: 'slug',
  params: slugParams,
  response: z.object({ campaigns: z.array(campaignCountSchema) }),
})

const printQuery = z.object({
  limit: z.optional(
    z.coerce
      .number({ error: 'Le nombre de commandes doit être un nombre entier' })
      .check(
        z.int('Le nombre de commandes doit être un nombre entier'),
        z.minimum(1, 'Prenez au moins 1 commande'),
        z.maximum(MAX_PICKING_ORDERS, `Au plus ${MAX_PICKING_ORDERS} commandes par liste`),
      ),
  ),
})

export const pickingBatchSchema = z.object({
  id: z.int(),
  /** Human name, printed as Code 128 on the list: ML-MONO-GIFT-0042. */
  name: z.string(),
  shop: z.string(),
  /** Null for a campaign list that mixes types. */
  pickingType: z.nullable(pickingTypeSchema),
  campaign: z.nullable(z.string()),
  orders: z.int(),
  units: z.int(),
  printedAt: z.string(),
})
export type PickingBatch = z.infer<typeof pickingBatchSchema>

/** A printed pick list: its batch and the elements to print (docs/specification.md §3 print element: title, url). */
export const pickingPrintSchema = z.object({
  batch: pickingBatchSchema,
  elements: z.array(printDocumentSchema),
})
export type PickingPrint = z.infer<typeof pickingPrintSchema>

export const pickingPrint = endpoint({
  method: 'GET',
  path: '/rest/{slug}/picking/print/{pickingType}',
  summary:
    'Claims up to `limit` ready orders of a picking type (oldest ship-by first), makes them a batch and answers its pick list; 404 when none is ready',
  auth: 'user',
  roles: ['Picking'],
  shopParam: 'slug',
  idempotent: true,
  params: z.object({
    slug: z.string(),
    pickingType: z.enum([...MONO_PICKING_TYPES, ...MULTI_PICKING_TYPES], {
      error:
        'Type de picking inconnu : attendu mono, mono_customized, mono_gift, mono_classic, multi, multi_customized, multi_gift ou multi_classic',
    }),
  }),
  query: printQuery,
  response: pickingPrintSchema,
})

export const pickingPrintCampaign = endpoint({
  method: 'GET',
  path: '/rest/{slug}/picking/print/campaign/{campaign}',
  summary:
    "Claims up to `limit` ready orders of a campaign and answers the batch's pick list; 404 when none is ready",
  auth: 'user',
  roles: ['Picking'],
  shopParam: 'slug',
  idempotent: true,
  params: z.object({ slug: z.string(), campaign: z.string().check(z.minLength(1), z.maxLength(64)) }),
  query: printQuery,
  response: pickingPrintSchema,
})

export const pickingReprint = endpoint({
  method: 'GET',
  path: '/rest/picking/batch/{pickingName}/print',
  summary: "A printed batch's pick list again (fresh links), logged as a reprint; claims nothing",
  auth: 'user',
  roles: ['Picking'],
  params: z.object({ pickingName: z.string().check(z.minLength(1), z.maxLength(64)) }),
  response: pickingPrintSchema,
})

/** What a worker reads for each order state. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  to_pick: 'Prête à préparer',
  picking: 'En préparation',
  picked: 'Préparée',
  packed: 'Emballée',
  labelled: 'Étiquetée',
  manifested: 'Sur bordereau',
  shipped: 'Expédiée',
  partially_returned: 'Retournée en partie',
  returned: 'Retournée',
  on_hold: 'En attente',
  exception: 'En anomalie',
  cancelled: 'Annulée',
}

/** What a worker reads for each picking type (docs/specification.md §3): the screens and the printed lists say the same. */
export const PICKING_TYPE_LABELS: Record<PickingType, string> = {
  mono: 'Mono',
  mono_customized: 'Mono personnalisée',
  mono_gift: 'Mono cadeau',
  mono_classic: 'Mono classique',
  multi: 'Multi',
  multi_customized: 'Multi personnalisée',
  multi_gift: 'Multi cadeau',
  multi_classic: 'Multi classique',
}
