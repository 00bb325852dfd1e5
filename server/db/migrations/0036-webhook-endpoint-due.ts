/**
 * The dispatcher claims each endpoint's due deliveries in order of due time, a few per endpoint
 * (server/webhooks/dispatcher.ts, so one slow receiver does not take every slot): an index per
 * endpoint and due time lets it read those few and stop, whatever backlog of retries not yet due
 * the endpoint holds.
 */
import { type Migration, sql } from 'kysely'

export const webhookEndpointDue: Migration = {
  async up(db) {
    await sql`
      create index webhook_deliveries_endpoint_due_idx on webhook_deliveries (endpoint_id, next_attempt_at, id)
        where status = 'pending'
    `.execute(db)
  },
}
