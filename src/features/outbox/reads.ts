/** The outbox table's plain reads, for the engine and for screens that load it on demand. */
import { tables, watchQuery, type OutboxRow } from '@/lib/db'
import { getToken, userOfToken } from '@/lib/session'
import { updateOutboxStatus } from './status.ts'

/** The header's two counts: writes waiting to be sent, and writes the server refused. */
const outboxCounts = (): Promise<[pending: number, failed: number]> =>
  Promise.all([
    tables.outbox().where('status').equals('pending').count(),
    tables.outbox().where('status').equals('failed').count(),
  ])

let watching = 0
/** Keeps the header's counts after every committed change, from this tab or another (start.ts). */
export function watchOutboxCounts(): () => void {
  watching += 1
  const stop = watchQuery(
    outboxCounts,
    ([pending, failed]) => updateOutboxStatus({ pending, failed }),
    (error) => console.error('outbox count failed', error),
  )
  return () => {
    watching -= 1
    stop()
  }
}

/**
 * The header's counts, read now when nothing watches them yet: a write made before start.ts runs
 * (a second after the app shows), or offline before its chunk could load (no service worker on the
 * device, or not yet), would otherwise wait unseen in the header until the network came back. Once
 * the watch runs, a scan does not pay for the counts twice.
 */
export async function countForHeader(): Promise<void> {
  if (watching > 0) return
  try {
    const [pending, failed] = await outboxCounts()
    updateOutboxStatus({ pending, failed })
  } catch (error) {
    // The write is stored already: a count that fails must not make it look lost to the screen.
    console.error('outbox count failed', error)
  }
}

/** The signed-in user's name, which a write is stored under and sent for. */
export function currentUser(): string | null {
  return userOfToken(getToken())
}

/** A refused write of the signed-in user, to reopen in its screen; undefined when there is none. */
export async function loadRefusedWrite(id: number, kind: string): Promise<OutboxRow | undefined> {
  const row = await tables.outbox().get(id)
  return row && row.status === 'failed' && row.kind === kind && row.user === currentUser() ? row : undefined
}
