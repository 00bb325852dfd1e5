/**
 * The return being prepared, kept on the device (useScanFlow's draft, IndexedDB) after every change
 * and given back with a banner after a reload; dropped on validation or 'Annuler'. The warehouse's,
 * not a shop's: one per user.
 */
import { warehouseDraft } from '@/features/scanning'
import { countArticles, whatOf, type ReturnState, type SavedReturn } from './model.ts'
import { text as t } from './text.ts'

/** What is worth keeping: from the parcel on (or a reopened write), else nothing. */
export function saveReturn(state: ReturnState): SavedReturn | null {
  const { parcel, origin, waitReason, lines, askLocation, replaces, nextId } = state
  if (parcel === null && lines.length === 0 && replaces === null) return null
  return { parcel, origin, waitReason, lines, askLocation, replaces, nextId }
}

/** What the banner says was restored ('commande ML-0042, 2 articles'). */
export const describeSaved = (saved: SavedReturn) => t.draft(whatOf(saved.parcel), countArticles(saved.lines))

export const returnDraft = warehouseDraft('order-return', saveReturn, describeSaved)
