/**
 * The one read of a pick scan (a scan must stay under 50 ms p99 at 20 scans/s on PGlite, where
 * each statement costs a round trip and its planning): in ONE statement, the Idempotency-Key is
 * claimed and the SQL function picking_scan_read_tote (db/functions/picking.sql; plans cached) reads
 * everything the scan's answer needs: the session, the task (locked, with its order: two scans of
 * one order on two handhelds wait for each other), the first two tasks still to do (the next one,
 * whatever this scan does to its own task), the progress, the products and the location the
 * scanned code may name, the dock picked units go to, and for a multi order's unit the order
 * holding the tote it names (that tote locked: pick-tote.ts).
 */
import { sql, type Transaction } from 'kysely'
import type { OrderStatus, PickTask } from '../../contract/index.ts'
import type { Database } from '../db/schema.ts'
import type { ScannedCode } from './pick-codes.ts'
import { claimColumn, type RequestKey } from '../kernel/idempotency-key.ts'

export interface ScanTask {
  view: PickTask
  orderId: number
  lineId: number
  productId: number
  locationId: number
  orderStatus: OrderStatus
  lineQuantity: number
  linePicked: number
  /** Whether every other line of the order is wholly picked. */
  othersPicked: boolean
}

export interface ScanContext {
  claimed: boolean
  session: { id: number; userId: number; status: 'open' | 'closed'; owner: string; batch: string } | null
  task: ScanTask | null
  /** The first two tasks still to do, by sequence. */
  upcoming: PickTask[]
  progress: { done: number; total: number; lastSequence: number }
  /** Products whose SKU or EAN-13 is one of the scan's keys. */
  products: { id: number; sku: string; name: string }[]
  /** The location the scanned code names, if it names one. */
  location: string | null
  /** The 'EXPEDITION' dock, where picked units wait for packing. */
  dockId: number
  /** The order the scanned tote is bound to (a multi order's task only); null when it is bound to none. */
  toteHolder: { orderId: number; order: string; status: OrderStatus } | null
  /** Whether the named tote's number was ever printed (box_counter); null when not read. */
  toteIssued: boolean | null
}

export async function loadScan(
  trx: Transaction<Database>,
  k: RequestKey | null,
  sessionId: number,
  taskId: number,
  scanned: ScannedCode | undefined,
  tote: string | undefined,
): Promise<ScanContext> {
  const { rows } = await sql<{ claimed: boolean; found: Omit<ScanContext, 'claimed'> }>`
    select ${claimColumn(k)} as claimed,
      picking_scan_read_tote(${sessionId}::integer, ${taskId}::integer, ${scanned?.productKeys ?? []}::text[],
        ${scanned?.locationName ?? null}::text, ${(scanned && tote) || null}::text) as found
  `.execute(trx)
  const row = rows[0] as { claimed: boolean; found: Omit<ScanContext, 'claimed'> }
  return { claimed: row.claimed, ...row.found }
}
