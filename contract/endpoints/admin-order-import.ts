/**
 * Orders from a CSV file in the admin area (issue 33), for a shop without developers: the same
 * checks as the shop API (docs/shop-api.md), one row per order line, the rows of one order sharing
 * its reference. A dry run lists each refused order with the line and column at fault and writes
 * nothing; the import then creates the orders that passed, and answers those already there.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { adminCall, adminIdParamSchema } from './admin-fields.ts'
import { CSV_IMPORT_MAX_BYTES, csvImportBodySchema } from './admin-people.ts'

/**
 * The file's columns, in the template's order (the header line names them; any order, upper or
 * lower case, accents or not). The order's own columns (its ship-to, gift message, carrier,
 * priority, ship-by) are read on its first row; its later rows leave them empty or repeat them.
 */
export const ORDER_CSV_COLUMNS = [
  'reference',
  'sku',
  'quantite',
  'nom',
  'societe',
  'adresse1',
  'adresse2',
  'adresse3',
  'code_postal',
  'ville',
  'region',
  'pays',
  'telephone',
  'email',
  'message_cadeau',
  'personnalisation',
  'transporteur',
  'service',
  'priorite',
  'expedier_avant',
] as const
export type OrderCsvColumn = (typeof ORDER_CSV_COLUMNS)[number]
/** The columns without which the file is not read. */
export const ORDER_CSV_REQUIRED: readonly OrderCsvColumn[] = [
  'reference',
  'sku',
  'quantite',
  'nom',
  'adresse1',
  'ville',
  'pays',
]

/** A template a shop fills in: the header and two example orders, one over two rows. */
export const ORDER_CSV_TEMPLATE = [
  ORDER_CSV_COLUMNS.join(';'),
  'CMD-1001;ML-0001;1;Léa Dubois;;19 rue des Lilas;Escalier C;;75019;Paris;;FR;+33612345678;lea@example.com;;;colissimo;DOM;0;',
  'CMD-1002;ML-0002;2;Jiří Dvořák;;Dlouhá 12;;;110 00;Praha;;CZ;;;Joyeux anniversaire !;;;;1;2026-12-20T17:00:00+01:00',
  'CMD-1002;ML-0003;1;;;;;;;;;;;;;;;;;',
].join('\r\n')

export const orderImportResultSchema = z.object({
  dryRun: z.boolean(),
  /** Orders in the file (rows grouped by reference). */
  orders: z.int(),
  /** Created by this import; on a dry run, those that would be. */
  created: z.int(),
  /** Already there with the same content: left as they are. */
  existing: z.int(),
  /** Each problem of a refused order: the line (1 = the header), the column, and why, in French. */
  refused: z.array(
    z.object({
      line: z.int(),
      reference: z.string(),
      column: z.nullable(z.string()),
      reason: z.string(),
    }),
  ),
})
export type OrderImportResult = z.infer<typeof orderImportResultSchema>

export const adminOrderImport = endpoint({
  ...adminCall,
  method: 'POST',
  path: '/rest/admin/shops/{id}/orders/import',
  summary:
    "Creates a shop's orders from a CSV (one row per line, grouped by reference), with the shop API's checks; dryRun writes nothing",
  params: adminIdParamSchema,
  body: csvImportBodySchema,
  maxBodyBytes: CSV_IMPORT_MAX_BYTES,
  response: orderImportResultSchema,
})
