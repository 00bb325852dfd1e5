/**
 * The parcels scanned at the dock, kept on the device (useScanFlow's draft, IndexedDB) after every
 * scan, with a close whose answer has not come: a reload, an update or a killed tab loses no scan,
 * and a close retried after it sends the same Idempotency-Key. The warehouse's: one per user.
 */
import { warehouseDraft, type DraftOptions } from '@/features/scanning'
import type { SavedSlips, SlipEvent, SlipState } from './model.ts'
import { text as t } from './text.ts'

/** Something worth keeping: a scanned parcel, or a close not yet answered. */
export function saveSlips({ open, loaded, closing }: SlipState): SavedSlips | null {
  const scanned = Object.values(loaded).some((codes) => codes.length > 0)
  return scanned || closing ? { open, loaded, closing } : null
}

/** What the banner says was restored ('COLISSIMO-17H : 3 colis scannés'). */
export function describeSaved({ open, loaded, closing }: SavedSlips): string {
  const group = closing?.group ?? open
  const count = group === null ? Object.values(loaded).flat().length : (loaded[group] ?? []).length
  return t.restored(count, group)
}

export const slipDraft: DraftOptions<SlipState, SlipEvent> = warehouseDraft(
  'carrier-slip',
  saveSlips,
  describeSaved,
)
