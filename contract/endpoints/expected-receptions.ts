/**
 * Expected receptions on the warehouse's side and in the admin area (issue 34, docs/stock.md,
 * docs/shop-api.md): the reception screen lists its shop's open notices, shows one line by line
 * as the units come in (receptionAdd in stock.ts counts them with `expected`), and closes it, which
 * sends the shop `reception.completed`. The admin area imports notices from a CSV and lists them.
 * The shop API's calls are in receptions.ts, the views in reception-views.ts.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { adminCall, adminIdParamSchema, rowId } from './admin-fields.ts'
import { CSV_IMPORT_MAX_BYTES, csvImportBodySchema } from './admin-people.ts'
import { expectedReceptionSchema, expectedReceptionSummarySchema } from './reception-views.ts'

const shopParams = z.object({ slugShop: z.string() })
const receptionCall = { auth: 'user', roles: ['Reception'], shopParam: 'slugShop' } as const

export const expectedReceptionList = endpoint({
  ...receptionCall,
  method: 'GET',
  path: '/api/client/{slugShop}/reception/expected',
  summary: "The shop's open expected receptions (advance shipping notices), by expected date",
  params: shopParams,
  response: z.object({ receptions: z.array(expectedReceptionSummarySchema) }),
})

const oneParams = z.object({ slugShop: z.string(), id: rowId })

export const expectedReceptionGet = endpoint({
  ...receptionCall,
  method: 'GET',
  path: '/api/client/{slugShop}/reception/expected/{id}',
  summary:
    'An expected reception of the shop: each product announced with the units received and its state (short, complete, over), and the products received that it did not announce',
  params: oneParams,
  response: expectedReceptionSchema,
})

export const expectedReceptionClose = endpoint({
  ...receptionCall,
  method: 'POST',
  path: '/api/client/{slugShop}/reception/expected/{id}/close',
  summary:
    'Closes an expected reception (completed) and sends the shop reception.completed with the differences; closing it again answers the same',
  idempotent: true,
  params: oneParams,
  response: expectedReceptionSchema,
})

/** The CSV's columns, in the template's order (the header line names them, in any order). */
export const RECEPTION_CSV_COLUMNS = ['reference', 'expected_date', 'sku', 'quantity'] as const
export type ReceptionCsvColumn = (typeof RECEPTION_CSV_COLUMNS)[number]
/** A template a shop fills in: two deliveries, the second over two rows. */
export const RECEPTION_CSV_TEMPLATE = [
  RECEPTION_CSV_COLUMNS.join(';'),
  'LIV-2026-001;2026-12-01;ML-0001;24',
  'LIV-2026-002;2026-12-03;ML-0002;12',
  'LIV-2026-002;2026-12-03;ML-0003;6',
].join('\r\n')

export const receptionImportResultSchema = z.object({
  dryRun: z.boolean(),
  /** Notices in the file (rows grouped by reference). */
  receptions: z.int(),
  /** Created by this import; on a dry run, those that would be. */
  created: z.int(),
  /** Already there with the same content: left as they are. */
  existing: z.int(),
  /** Each problem of a refused notice: the line (1 = the header), the column, and why, in French. */
  refused: z.array(
    z.object({
      line: z.int(),
      reference: z.string(),
      column: z.nullable(z.string()),
      reason: z.string(),
    }),
  ),
})
export type ReceptionImportResult = z.infer<typeof receptionImportResultSchema>

export const adminReceptionImport = endpoint({
  ...adminCall,
  method: 'POST',
  path: '/rest/admin/shops/{id}/receptions/import',
  summary:
    "Announces a shop's deliveries from a CSV (reference;expected_date;sku;quantity, one row per product, grouped by reference), with the shop API's checks; dryRun writes nothing",
  params: adminIdParamSchema,
  body: csvImportBodySchema,
  maxBodyBytes: CSV_IMPORT_MAX_BYTES,
  response: receptionImportResultSchema,
})

export const ADMIN_RECEPTIONS_PAGE = 100

export const adminShopReceptions = endpoint({
  ...adminCall,
  method: 'GET',
  path: '/rest/admin/shops/{id}/receptions',
  summary:
    "The shop's expected receptions, newest first, with their source and the units announced and received (100 a page; before: the last id seen)",
  params: adminIdParamSchema,
  query: z.object({ before: z.optional(rowId) }),
  response: z.array(expectedReceptionSummarySchema),
})
