/**
 * An event written by the server's code rather than by a trigger (functions/webhooks.sql makes the
 * orders' ones): in the caller's transaction, so it is sent only if the change it reports is
 * committed (docs/webhooks.md). The fan-out to the endpoints that want it is the trigger's.
 */
import type { EventData, EventType } from '../../contract/index.ts'
import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'

export async function emitEvent<T extends EventType>(
  trx: Db,
  event: { shopId: number; type: T; orderingKey: string; data: EventData<T> },
): Promise<void> {
  // Written only when an endpoint of the shop wants it, as the orders' trigger does: nothing is
  // kept for nobody.
  await sql`
    insert into shop_events (shop_id, type, ordering_key, data)
    select ${event.shopId}, ${event.type}, ${event.orderingKey}, ${JSON.stringify(event.data)}::jsonb
     where exists (select 1 from webhook_endpoints w
                    where w.shop_id = ${event.shopId} and ${event.type} = any (w.event_types))`.execute(trx)
}
