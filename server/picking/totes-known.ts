/**
 * The crates printed so far, for a handheld to check a crate's number before a pick leaves it
 * (issue 31). A crate is any number 'Impression caisse' has handed out (box_counter, migration
 * 0002; the pick's own check is picking_scan_read_tote, db/functions/picking.sql), so the answer is the
 * counter: the device refuses a higher number at once, offline too.
 */
import type { Db } from '../db/connect.ts'

export async function lastPrintedTote(db: Db): Promise<number> {
  const row = await db.selectFrom('box_counter').select('last_number').executeTakeFirst()
  return row?.last_number ?? 0
}
