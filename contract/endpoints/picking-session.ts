/**
 * Scan-based picking sessions (docs/specification.md §3 Picking session, §7.10): a picker opens a session on a
 * printed batch (or the next ready orders of a type), scans each task's location and product,
 * skips, reports a short pick, and closes. The session answers its whole task list, so the client
 * computes the next task itself through a Wi-Fi gap; each pick is an idempotent write the outbox
 * replays.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { pickingTypeSchema } from '../roles.ts'
import { MAX_PICKING_ORDERS } from './picking.ts'
import { printDocumentSchema } from './printing.ts'
import { productCodeSchema, stockProductSchema, validatedAtSchema } from './stock.ts'

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
 * A tote's code: a crate of the specification's 'Impression caisse' (/warehouse/print-box), whose Code 128 label
 * reads 'CAISSE-' and 6 digits. A multi order's units go into
 * one tote (cluster picking, after Shopfloor's destination package): its first unit binds the tote
 * to the order, every other unit must go into the same one, and a tote holds one order at a time
 * until the order is packed (or goes back to ready). A mono list needs none: its units go to the
 * dock by product.
 */
export const TOTE_CODE = /^CAISSE-\d{6}$/
export const isToteCode = (text: string): boolean => TOTE_CODE.test(text.trim().toUpperCase())
export const TOTE_CODE_MESSAGE =
  'Code de caisse invalide : une caisse se lit CAISSE- et 6 chiffres (ex. CAISSE-000012).'

export const pickTaskStatusSchema = z.enum(['todo', 'done', 'short', 'cancelled'])
export type PickTaskStatus = z.infer<typeof pickTaskStatusSchema>

/** One line to pick: go to `location`, take `quantity` of `product` (into the order's tote when `toTote`). */
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
  /** The order's slot in the batch (its line on a multi list). */
  slot: z.int(),
  /** A multi order: each unit picked goes into the order's tote, scanned after the product. */
  toTote: z.boolean(),
  /** The tote the order's units are in (bound by its first unit), or null before it. */
  tote: z.nullable(z.string()),
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

/** 'relocated': a short pick whose missing units another shelf holds; `next` is the task there. */
export const pickResultSchema = z.enum(['location', 'picked', 'skipped', 'short', 'relocated'])
export type PickResult = z.infer<typeof pickResultSchema>

export const pickingSessionPick = endpoint({
  method: 'POST',
  path: '/rest/picking-session/{id}/pick',
  summary:
    "One scan on a task: its location (checked), its product (one unit moves from the location to the 'EXPEDITION' dock; a multi order's unit names its tote), or 'Passer' / 'Manquant'",
  auth: 'user',
  roles: ['Picking'],
  idempotent: true,
  params: z.object({ id: z.coerce.number().check(z.int(), z.positive()) }),
  body: z.object({
    taskId: z.int(),
    action: z.enum(['scan', 'skip', 'short']),
    /** What was scanned (action 'scan'): a location name, or a product's EAN / SKU / GS1. */
    code: z.optional(productCodeSchema),
    /** The tote the unit was put into (a product of a multi order: required). */
    tote: z.optional(z.string().check(z.trim(), z.toUpperCase(), z.regex(TOTE_CODE, TOTE_CODE_MESSAGE))),
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
  /** The crates of orders in exception, for the exceptions shelf (issue 31); absent when none. */
  totes: z.optional(z.array(z.string())),
  /** What the picker does with them, in French ('Posez la caisse … sur l'étagère anomalies.'). */
  message: z.optional(z.string()),
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
