/**
 * A stock write in one statement, stock_write (functions/stock.sql; issue 15).
 * Its function bodies now live in server/db/functions/ (server/db/functions.ts), created after the
 * migrations at start; nothing of the schema changed here. Kept, empty, so that the name Kysely
 * recorded on the sites that ran it stays known.
 */
import type { Migration } from 'kysely'

export const stockWriteFunction: Migration = { async up() {} }
