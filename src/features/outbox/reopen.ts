import { refusalOf, type Refusal } from '@/lib/refusal'
import type { StockWrite, StockWriteKind } from './types.ts'

/**
 * Loads a refused write (`?reopen=<id>` of its screen) to be corrected there: its body and the
 * refusal, each field message keyed by its path. Null when there is nothing to reopen (already
 * sent, discarded, another user's, or, given `shopSlug`, another shop's: opened in shop B's screen,
 * shop A's lines would be sent for B). The table is read on demand: the screen's first paint
 * does not wait for Dexie.
 */
export async function loadReopened<K extends StockWriteKind>(
  kind: K,
  id: number,
  shopSlug?: string,
): Promise<{ write: Extract<StockWrite, { kind: K }>; refusal: Refusal; outboxId: number } | null> {
  const { loadRefusedWrite } = await import('./reads.ts')
  const row = await loadRefusedWrite(id, kind)
  if (!row || (shopSlug !== undefined && (row.write as { shopSlug?: string }).shopSlug !== shopSlug))
    return null
  const refusal = refusalOf(new Error(row.error ?? ''), row.fieldErrors)
  return { write: row.write as Extract<StockWrite, { kind: K }>, refusal, outboxId: id }
}
