/**
 * What the stock writes look up notifies 'catalogue' when it changes: catalogue_changed and its
 * triggers on products, shops, locations, rebut_reasons (functions/change-feed.sql).
 * Its function bodies now live in server/db/functions/ (server/db/functions.ts), created after the
 * migrations at start; nothing of the schema changed here. Kept, empty, so that the name Kysely
 * recorded on the sites that ran it stays known.
 */
import type { Migration } from 'kysely'

export const catalogueNotify: Migration = { async up() {} }
