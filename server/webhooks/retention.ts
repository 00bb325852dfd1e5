/**
 * What the outbox keeps (docs/webhooks.md): an event and its deliveries for 30 days once nothing of
 * it waits to be sent (a pending delivery keeps its event, however old), each attempt's answer for
 * 30 days, and the platforms' deliveries received and the shipments sent back to them as long. Run by the dispatcher about once an hour; whichever process runs it, the result is the same.
 */
import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'

export const RETENTION_DAYS = 30
export const PRUNE_EVERY_MS = 60 * 60 * 1000

/** Deletes what is past retention; answers how many events went. */
export async function pruneOutbox(db: Db, days = RETENTION_DAYS): Promise<number> {
  await sql`delete from webhook_attempts where at < now() - ${days} * interval '1 day'`.execute(db)
  // The stores' deliveries received (server/platforms), as long as the events sent.
  await sql`delete from platform_deliveries where received_at < now() - ${days} * interval '1 day'`.execute(
    db,
  )
  // The shipments sent back to the stores (server/platforms/fulfilment): done ones as long after
  // their last attempt (a 'Renvoyer' refused again starts the 30 days again), one still to send
  // however old.
  await sql`
    delete from platform_fulfilments
     where status <> 'pending' and coalesce(sent_at, next_attempt_at) < now() - ${days} * interval '1 day'`.execute(
    db,
  )
  const result = await sql`
    delete from shop_events e
     where e.created_at < now() - ${days} * interval '1 day'
       and not exists (select 1 from webhook_deliveries d where d.event_id = e.id and d.status = 'pending')`.execute(
    db,
  )
  return Number(result.numAffectedRows ?? 0)
}
