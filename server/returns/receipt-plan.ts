/**
 * What a receipt writes, planned before anything is (pure; receipt-plan.test.ts): its return lines
 * and its ledger movements.
 *
 * A unit of the order goes where the worker said: back to stock in the scanned location (RETURN
 * into it), quarantine (RETURN into RETOURS), or scrap (RETURN into RETOURS, then REBUT out of it
 * with its reason: the ledger says both that it came back and that it was thrown away). A unit
 * 'hors commande' is not the order's: whatever was chosen, it waits in quarantine for a decision,
 * in the ledger when the product is known, on its line only when the code is unknown.
 */
import type { ReturnCondition, ReturnDisposition } from '../../contract/index.ts'
import type { Allocation } from './allocate.ts'

export interface ResolvedLine {
  code: string
  productId: number | null
  condition: ReturnCondition
  disposition: ReturnDisposition
  /** The restock location, when the line restocks units of the order. */
  locationId: number | null
  rebutReason: { id: number; label: string } | null
  allocation: Allocation
}

export interface PlannedLine {
  orderLine: number | null
  productId: number | null
  code: string
  quantity: number
  inOrder: boolean
  condition: ReturnCondition
  disposition: ReturnDisposition
  locationId: number | null
  rebutReasonId: number | null
}

export interface PlannedMovement {
  kind: 'RETURN' | 'REBUT'
  productId: number
  from: number | null
  to: number | null
  quantity: number
  /** The scrap reason's label of a REBUT. */
  scrap: string | null
}

export function planReceipt(
  lines: readonly ResolvedLine[],
  returnsLocationId: number,
): { lines: PlannedLine[]; movements: PlannedMovement[] } {
  const planned: PlannedLine[] = []
  for (const line of lines) {
    const { code, productId, condition, disposition } = line
    for (const part of line.allocation.parts) {
      const scrap = disposition === 'scrap'
      planned.push({
        orderLine: part.orderLine,
        productId,
        code,
        quantity: part.quantity,
        inOrder: true,
        condition,
        disposition,
        locationId: disposition === 'restock' ? line.locationId : returnsLocationId,
        rebutReasonId: scrap ? (line.rebutReason?.id ?? null) : null,
      })
    }
    if (line.allocation.rest > 0)
      planned.push({
        orderLine: null,
        productId,
        code,
        quantity: line.allocation.rest,
        inOrder: false,
        condition,
        disposition: 'quarantine',
        locationId: productId === null ? null : returnsLocationId,
        rebutReasonId: null,
      })
  }
  const labels = new Map(
    lines.flatMap((l) => (l.rebutReason ? [[l.rebutReason.id, l.rebutReason.label]] : [])),
  )
  const movements: PlannedMovement[] = []
  for (const line of planned) {
    if (line.productId === null || line.locationId === null) continue
    const base = { productId: line.productId, quantity: line.quantity }
    movements.push({ ...base, kind: 'RETURN', from: null, to: line.locationId, scrap: null })
    if (line.disposition === 'scrap' && line.rebutReasonId !== null)
      movements.push({
        ...base,
        kind: 'REBUT',
        from: returnsLocationId,
        to: null,
        scrap: labels.get(line.rebutReasonId) ?? null,
      })
  }
  return { lines: planned, movements }
}

/** A line of an announced return, waiting for the units the shop said would come. */
export interface AnnouncedLine {
  id: number
  productId: number | null
}

/**
 * The receipt filling an announced return: each received line of the order takes the first
 * announced line of its product not yet filled (updated in place, keeping what was expected);
 * the rest are new lines. Announced lines nothing filled stay as they were (received 0).
 */
export function fillAnnounced(
  announced: readonly AnnouncedLine[],
  planned: readonly PlannedLine[],
): { updates: { id: number; line: PlannedLine }[]; inserts: PlannedLine[] } {
  const free = [...announced]
  const updates: { id: number; line: PlannedLine }[] = []
  const inserts: PlannedLine[] = []
  for (const line of planned) {
    const at = line.inOrder ? free.findIndex((a) => a.productId === line.productId) : -1
    if (at < 0) {
      inserts.push(line)
      continue
    }
    updates.push({ id: (free[at] as AnnouncedLine).id, line })
    free.splice(at, 1)
  }
  return { updates, inserts }
}
