/**
 * The session kept on the device (useScanFlow's draft, IndexedDB, per user): its tasks as the
 * server last told them and the location confirmed, so a reload or a killed tab in a Wi-Fi gap
 * carries on. The picks not yet answered are not in it: they are in the outbox, read back on open.
 */
import { warehouseDraft } from '@/features/scanning'
import { progressOf, type SavedSession, saveSession } from './model.ts'
import { text as t } from './text.ts'

function describeSaved({ session, base }: SavedSession): string {
  const { done, total } = progressOf(base)
  return t.restored(session?.batch.name ?? '?', done, total)
}

export const pickingDraft = warehouseDraft('picking-session', saveSession, describeSaved)
