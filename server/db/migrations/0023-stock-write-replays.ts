/**
 * stock_write answered a key already answered with its stored outcome (functions/stock.sql).
 * Its function bodies now live in server/db/functions/ (server/db/functions.ts), created after the
 * migrations at start; nothing of the schema changed here. Kept, empty, so that the name Kysely
 * recorded on the sites that ran it stays known.
 */
import type { Migration } from 'kysely'

export const stockWriteReplays: Migration = { async up() {} }
