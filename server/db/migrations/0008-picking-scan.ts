/**
 * The SQL functions of a pick scan: picking_task_json, picking_scan_read, picking_pick_unit
 * (functions/picking.sql).
 * Its function bodies now live in server/db/functions/ (server/db/functions.ts), created after the
 * migrations at start; nothing of the schema changed here. Kept, empty, so that the name Kysely
 * recorded on the sites that ran it stays known.
 */
import type { Migration } from 'kysely'

export const pickingScan: Migration = { async up() {} }
