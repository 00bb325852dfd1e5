/** The outbox table's plain reads, for the engine and for screens that load it on demand. */
import { tables, type OutboxRow } from '@/lib/db'
import { getToken, userOfToken } from '@/lib/session'
import { updateOutboxStatus } from './status.ts'

/** The header's two counts: writes waiting to be sent, and writes the server refused. */
export const outboxCounts = (): Promise<[pending: number, failed: number]> =>
  Promise.all([
    tables.outbox().where('status').equals('pending').count(),
    tables.outbox().where('status').equals('failed').count(),
  ])

/**
 * The header's counts, read now. start.ts keeps them from a second after the app shows; a write
 * made before that, or offline before start.ts's chunk could load (no service worker on the
 * device, or not yet), would otherwise wait unseen in the header until the network came back.
 */
export async function countForHeader(): Promise<void> {
  const [pending, failed] = await outboxCounts()
  updateOutboxStatus({ pending, failed })
}

/** A refused write of the signed-in user, to reopen in its screen; undefined when there is none. */
export async function loadRefusedWrite(id: number, kind: string): Promise<OutboxRow | undefined> {
  const row = await tables.outbox().get(id)
  const user = userOfToken(getToken())
  return row && row.status === 'failed' && row.kind === kind && row.user === user ? row : undefined
}
