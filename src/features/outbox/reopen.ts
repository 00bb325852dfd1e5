import { refusalOf, type Refusal } from '@/lib/refusal'
import type { StockWrite, StockWriteKind } from './types.ts'

/**
 * Loads a refused write (`?reopen=<id>` of its screen) to be corrected there: its body and the
 * refusal, each field message keyed by its path. Null when there is nothing to reopen (already
 * sent, discarded, another user's). The engine is imported on demand: the screen's first paint
 * does not wait for Dexie.
 */
export async function loadReopened<K extends StockWriteKind>(
  kind: K,
  id: number,
): Promise<{ write: Extract<StockWrite, { kind: K }>; refusal: Refusal; outboxId: number } | null> {
  const { loadRefusedWrite } = await import('./engine.ts')
  const row = await loadRefusedWrite(id, kind)
  if (!row) return null
  const refusal = refusalOf(new Error(row.error ?? ''), row.fieldErrors)
  return { write: row.write as Extract<StockWrite, { kind: K }>, refusal, outboxId: id }
}
