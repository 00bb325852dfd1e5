/**
 * A write the server refused, stored in the outbox as the engine leaves it (tests only): what a
 * screen's 'Reprendre' reopens. The fields every such row shares are filled here.
 */
import type { StockWrite } from '@/features/outbox/types'
import { tables, type OutboxRow } from '@/lib/db'

export async function storeRefusedWrite(
  row: Pick<OutboxRow, 'key' | 'label' | 'error'> & Partial<OutboxRow> & { write: StockWrite },
): Promise<number> {
  return (await tables.outbox().add({
    kind: row.write.kind,
    user: 'ana',
    createdAt: Date.now(),
    status: 'failed',
    attempts: 1,
    nextAttemptAt: 0,
    ...row,
  } as OutboxRow)) as number
}
