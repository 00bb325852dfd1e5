/**
 * The transfer being prepared, kept on the device (useScanFlow's draft, IndexedDB) after every
 * change and given back with a banner after a reload; dropped on validation or 'Annuler'.
 * The warehouse's, not a shop's: one per user.
 */
import { totalsText, warehouseDraft } from '@/features/scanning'
import { countArticles, type SavedTransfer, type TransferState } from './model.ts'
import { text as t } from './text.ts'

/** What is worth keeping: from the source on (or a reopened write), else nothing. */
export function saveTransfer({
  source,
  step,
  lines,
  all,
  destination,
  replaces,
}: TransferState): SavedTransfer | null {
  return source === null && replaces === null ? null : { source, step, lines, all, destination, replaces }
}

/** What the banner says was restored ('A-01 → B-02 : 2 lignes, 3 articles'). */
export function describeSaved(saved: SavedTransfer): string {
  const from = saved.source?.name ?? '?'
  if (!saved.all && saved.lines.length === 0) return t.draftSourceOnly(from)
  const what = saved.all ? t.draftAll : totalsText(saved.lines.length, countArticles(saved.lines))
  return t.draft(from, saved.destination?.name ?? null, what)
}

export const transferDraft = warehouseDraft('transfer', saveTransfer, describeSaved)
