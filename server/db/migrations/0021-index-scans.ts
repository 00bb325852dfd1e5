/**
 * The stock writes' SQL functions got enable_seqscan off and plan_cache_mode force_generic_plan
 * (functions/stock.sql, functions/stock-balances.sql say why; issue 15).
 * Its function bodies now live in server/db/functions/ (server/db/functions.ts), created after the
 * migrations at start; nothing of the schema changed here. Kept, empty, so that the name Kysely
 * recorded on the sites that ran it stays known.
 */
import type { Migration } from 'kysely'

export const indexScans: Migration = { async up() {} }
