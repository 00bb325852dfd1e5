/**
 * The station's work kept on the device (useScanFlow's draft, IndexedDB, per user): the batch or
 * order in hand, the mono scans not answered yet with their Idempotency-Keys, the parcels being
 * filled and a 'Valider' under way with its keys, the labels to scan back and the refusals to
 * recover. A reload, an update or a killed tab loses no scan, and a scan sent again after it
 * replays the same key: the server never makes a second parcel.
 */
import { warehouseDraft } from '@/features/scanning'
import type { SavedShipment } from './model.ts'
import type { ShipmentState } from './state.ts'
import { text as t } from './text.ts'

/** Something worth keeping, or null (an idle station). */
export function saveShipment(state: ShipmentState): SavedShipment | null {
  const { notice: _notice, verify: _verify, ...saved } = state
  const idle =
    state.mode === 'start' &&
    state.toVerify.length === 0 &&
    state.failures.length === 0 &&
    state.putBack === null
  return idle ? null : saved
}

/** What the banner says was given back. */
export function describeSaved(saved: SavedShipment): string {
  if (saved.mono) return t.restoredMono(saved.mono.batch.batch.name, saved.mono.pending.length)
  if (saved.multi)
    return t.restoredMulti(
      saved.multi.order.order.name,
      saved.multi.parcels.reduce((n, p) => n + p.items.length, 0),
    )
  return t.restoredOther(saved.toVerify.length, saved.failures.length)
}

/**
 * What the banner is about: the batch or the order in hand (issue 31: it goes when the station moves
 * to another). Labels to verify and refusals belong to the station, whatever is in hand.
 */
export function subjectOf(saved: SavedShipment): string | null {
  if (saved.mono) return `mono:${saved.mono.batch.batch.name}`
  if (saved.multi) return `multi:${saved.multi.order.order.name}`
  return null
}

export const shipmentDraft = warehouseDraft('shipment', saveShipment, describeSaved, undefined, {
  subject: subjectOf,
})
