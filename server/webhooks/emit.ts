/**
 * An event written by the server's code rather than by a trigger (functions/webhooks.sql makes the
 * orders' ones): in the caller's transaction, so it is sent only if the change it reports is
 * committed (docs/webhooks.md). The fan-out to the endpoints that want it is the trigger's.
 */
import type { EventData, EventType } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'

export async function emitEvent<T extends EventType>(
  trx: Db,
  event: { shopId: number; type: T; orderingKey: string; data: EventData<T> },
): Promise<void> {
  await trx
    .insertInto('shop_events')
    .values({
      shop_id: event.shopId,
      type: event.type,
      ordering_key: event.orderingKey,
      data: JSON.stringify(event.data),
    })
    .execute()
}
