/**
 * auth_epoch_bump also sent NOTIFY auth_epoch with the new value (functions/change-feed.sql).
 * Its function bodies now live in server/db/functions/ (server/db/functions.ts), created after the
 * migrations at start; nothing of the schema changed here. Kept, empty, so that the name Kysely
 * recorded on the sites that ran it stays known.
 */
import type { Migration } from 'kysely'

export const authEpochNotify: Migration = { async up() {} }
