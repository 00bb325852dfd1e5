/**
 * Outbound, part 1 (SPEC §2.1, §3 Picking type and Printer log, §5, §7.10): ready orders counted
 * per picking type and campaign, pick lists printed as batches, and scan-based picking sessions.
 *
 * SPEC shows one print path for both families, `/rest/{slug}/picking/print/{pickingType}`: the
 * "mono route" and the "multi route" of §5 are the same path, whose pickingType must be one of the
 * eight values (anything else is a French 400 from this schema); the family decides the document
 * (mono lists grouped by product, multi lists with an order slip per tote slot).
 *
 * The print GETs change state (they claim orders): the client calls them once per click, never on
 * a retry or refetch, with an Idempotency-Key so a retried click answers the same batch.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { MONO_PICKING_TYPES, MULTI_PICKING_TYPES, pickingTypeSchema } from '../roles.ts'
import { printDocumentSchema } from './printing.ts'
import { productCodeSchema, stockProductSchema, validatedAtSchema } from './stock.ts'

/** How many orders one pick list takes at most, and by default. */
export const MAX_PICKING_ORDERS = 200
export const DEFAULT_PICKING_ORDERS = 30

export const isMonoPickingType = (type: string) => (MONO_PICKING_TYPES as readonly string[]).includes(type)
export const isMultiPickingType = (type: string) => (MULTI_PICKING_TYPES as readonly string[]).includes(type)

/**
 * Command barcodes (printed on the commands sheet): a worker with a wedge scanner skips, reports a
 * short pick or closes without touching the screen. Code 128, so they never look like a product.
 */
export const PICKING_COMMANDS = {
  skip: 'CMD-PASSER',
  short: 'CMD-MANQUANT',
  close: 'CMD-CLOTURER',
} as const
export type PickingCommand = keyof typeof PICKING_COMMANDS

/**
 * Order states (issue 12): to_pick (ready) → picking (in a batch) → picked → packed → labelled →
 * manifested (on a carrier slip) → shipped; on_hold, exception (short pick, label failure) and
 * cancelled (until packed) beside them. The server checks every transition (server/orders).
 */
export const ORDER_STATUSES = [
  'to_pick',
  'picking',
  'picked',
  'packed',
  'labelled',
  'manifested',
  'shipped',
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

/** A printed pick list: its batch and the elements to print (SPEC §3 print element: title, url). */
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

export const PICK_TASK_STATUSES = ['todo', 'done', 'short', 'cancelled'] as const
export const pickTaskStatusSchema = z.enum(PICK_TASK_STATUSES)
export type PickTaskStatus = z.infer<typeof pickTaskStatusSchema>

/** One line to pick: go to `location`, take `quantity` of `product`, put it in tote slot `slot`. */
export const pickTaskSchema = z.object({
  id: z.int(),
  /** Walk-path order; 'Passer' moves a task after the last one. */
  sequence: z.int(),
  location: z.string(),
  product: stockProductSchema,
  quantity: z.int(),
  picked: z.int(),
  status: pickTaskStatusSchema,
  order: z.string(),
  /** The order's slot in the batch (its tote compartment on a multi list). */
  slot: z.int(),
  giftMessage: z.nullable(z.string()),
  customization: z.nullable(z.string()),
})
export type PickTask = z.infer<typeof pickTaskSchema>

export const pickingSessionSchema = z.object({
  id: z.int(),
  status: z.enum(['open', 'closed']),
  batch: z.object({
    name: z.string(),
    shop: z.string(),
    pickingType: z.nullable(pickingTypeSchema),
    campaign: z.nullable(z.string()),
  }),
  startedAt: z.string(),
  /** Every task of the session, in sequence order: the client computes the next one offline. */
  tasks: z.array(pickTaskSchema),
})
export type PickingSession = z.infer<typeof pickingSessionSchema>

export const pickingSessionCreate = endpoint({
  method: 'POST',
  path: '/rest/picking-session/create',
  summary:
    "Opens a session on a printed batch (by its name), or on the next ready orders of a shop's picking type (a new batch); 409 when the user already has one open",
  auth: 'user',
  roles: ['Picking'],
  idempotent: true,
  body: z.object({
    pickingName: z.optional(
      z.string().check(z.trim(), z.minLength(1, 'Scannez le nom de la liste'), z.maxLength(64)),
    ),
    shop: z.optional(z.string()),
    pickingType: z.optional(pickingTypeSchema),
    limit: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_PICKING_ORDERS))),
  }),
  response: pickingSessionSchema,
})

export const pickingSessionResume = endpoint({
  method: 'POST',
  path: '/rest/picking-session/resume',
  summary: "The user's open session, or 404",
  auth: 'user',
  roles: ['Picking'],
  response: pickingSessionSchema,
})

export const PICK_RESULTS = ['location', 'picked', 'skipped', 'short'] as const
export const pickResultSchema = z.enum(PICK_RESULTS)
export type PickResult = z.infer<typeof pickResultSchema>

export const pickingSessionPick = endpoint({
  method: 'POST',
  path: '/rest/picking-session/{id}/pick',
  summary:
    "One scan on a task: its location (checked), its product (one unit moves from the location to the 'EXPEDITION' dock), or 'Passer' / 'Manquant'",
  auth: 'user',
  roles: ['Picking'],
  idempotent: true,
  params: z.object({ id: z.coerce.number().check(z.int(), z.positive()) }),
  body: z.object({
    taskId: z.int(),
    action: z.enum(['scan', 'skip', 'short']),
    /** What was scanned (action 'scan'): a location name, or a product's EAN / SKU / GS1. */
    code: z.optional(productCodeSchema),
    validatedAt: validatedAtSchema,
  }),
  response: z.object({
    result: pickResultSchema,
    /** French, said to the picker ('1 × Tasse bleue pris : 2 / 3'). */
    message: z.string(),
    task: pickTaskSchema,
    next: z.nullable(pickTaskSchema),
    progress: z.object({ done: z.int(), total: z.int() }),
  }),
})

export const pickingSummarySchema = z.object({
  /** Units picked, units short, tasks left undone. */
  picked: z.int(),
  short: z.int(),
  skipped: z.int(),
  orders: z.object({
    /** Wholly picked. */
    picked: z.int(),
    /** Sent to exception by a short pick. */
    exception: z.int(),
    /** Left unfinished: back to ready, for the next list. */
    released: z.int(),
  }),
})
export type PickingSummary = z.infer<typeof pickingSummarySchema>

export const pickingSessionClose = endpoint({
  method: 'POST',
  path: '/rest/picking-session/{id}/close',
  summary:
    'Closes the session: unfinished orders go back to ready; answers the summary (the same on a replay)',
  auth: 'user',
  roles: ['Picking'],
  idempotent: true,
  params: z.object({ id: z.coerce.number().check(z.int(), z.positive()) }),
  response: z.object({ session: pickingSessionSchema, summary: pickingSummarySchema }),
})

export const pickingCommandsSheet = endpoint({
  method: 'GET',
  path: '/rest/picking-session/commands',
  summary:
    "The commands sheet: 'Passer', 'Manquant' and 'Clôturer' as Code 128 barcodes, to stick on the scanner or the trolley",
  auth: 'user',
  roles: ['Picking'],
  response: printDocumentSchema,
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
  on_hold: 'En attente',
  exception: 'En anomalie',
  cancelled: 'Annulée',
}
