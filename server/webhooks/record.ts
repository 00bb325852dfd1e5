/**
 * Writes what attempts came to (docs/webhooks.md): each delivery delivered, tried again later or
 * given up, each attempt in the log, each endpoint's run of failures counted and a failing one
 * paused. The outcomes of a whole round are written in ONE statement, whatever their number: the
 * dispatcher shares the database with the floor, and a round of 100 answers written one small
 * transaction each (five round trips apiece) queued the floor's requests behind them.
 */
import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'
import type { AttemptResult } from './send.ts'
import { PAUSE_AFTER_FAILURES, PAUSE_AFTER_MS, retryDelay } from './schedule.ts'

/** One attempt of one claimed delivery, as it finished. */
export interface Outcome {
  id: string
  /** The delivery's attempt number this was (its claim's). */
  attempts: number
  endpoint_id: number
  result: AttemptResult
}

/**
 * Failures in a row after which an answer means the receiver was away and is back: its deliveries
 * waiting for a retry are sent now rather than hours later. Fewer than this is more likely one
 * event its receiver refuses, whose retries keep their schedule.
 */
export const BACK_AFTER_FAILURES = 3

/** What a round did to an endpoint's run of failures, its outcomes taken in the order they finished. */
export interface EndpointTally {
  endpoint_id: number
  /** An attempt succeeded: the run before it ended. */
  answered: boolean
  /** Failures since the last success of the round (all of them when none succeeded). */
  failures: number
  /** A 410 Gone: the receiver says the endpoint is no more. */
  gone: boolean
}

const succeeded = (result: AttemptResult) =>
  result.status !== null && result.status >= 200 && result.status < 300

/** Pure: each endpoint's tally over a round's outcomes, in the order they finished. */
export function endpointTallies(outcomes: readonly Outcome[]): EndpointTally[] {
  const tallies = new Map<number, EndpointTally>()
  for (const { endpoint_id, result } of outcomes) {
    const tally = tallies.get(endpoint_id) ?? { endpoint_id, answered: false, failures: 0, gone: false }
    if (succeeded(result)) {
      tally.answered = true
      tally.failures = 0
    } else tally.failures += 1
    if (result.status === 410) tally.gone = true
    tallies.set(endpoint_id, tally)
  }
  return [...tallies.values()]
}

/**
 * One statement: the attempts logged, the deliveries moved on, the endpoints' runs of failures
 * counted (a failing one paused, a 410 at once), and, for an endpoint answering again after
 * BACK_AFTER_FAILURES or more, its deliveries waiting for a retry made due now.
 *
 * A delivery whose claim ran out while its attempt was slow was claimed again: the later attempt
 * writes its state (`d.attempts = o.attempt`); every attempt is logged.
 */
export async function recordOutcomes(db: Db, outcomes: readonly Outcome[]): Promise<void> {
  if (outcomes.length === 0) return
  const rows = outcomes.map(({ id, attempts, endpoint_id, result }) => {
    const ok = succeeded(result)
    const delay = ok ? null : retryDelay(attempts, result.retryAfter)
    return {
      id,
      attempts,
      endpoint_id,
      result,
      state: ok ? 'delivered' : delay === null ? 'failed' : 'pending',
      delay: delay ?? 0,
    }
  })
  const tallies = endpointTallies(outcomes)
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => rows.map(pick)
  await sql`
    with outcome as (
      select * from unnest(${column((r) => r.id)}::bigint[], ${column((r) => r.attempts)}::int[],
                           ${column((r) => r.endpoint_id)}::int[], ${column((r) => r.result.status)}::int[],
                           ${column((r) => r.result.ms)}::int[], ${column((r) => r.result.error)}::text[],
                           ${column((r) => r.result.head)}::text[], ${column((r) => r.state)}::text[],
                           ${column((r) => r.delay)}::bigint[])
        as o(id, attempt, endpoint_id, status, ms, error, head, state, delay)
    ),
    tally as (
      select * from unnest(${tallies.map((t) => t.endpoint_id)}::int[], ${tallies.map((t) => t.answered)}::bool[],
                           ${tallies.map((t) => t.failures)}::int[], ${tallies.map((t) => t.gone)}::bool[])
        as t(endpoint_id, answered, failures, gone)
    ),
    logged as (
      insert into webhook_attempts (delivery_id, endpoint_id, attempt, status_code, ms, error, response_head)
      select id, endpoint_id, attempt, status, ms, error, head from outcome
    ),
    moved as (
      update webhook_deliveries d
         set status = o.state, leased_until = null, last_status = o.status, last_error = o.error,
             delivered_at = case when o.state = 'delivered' then clock_timestamp() end,
             next_attempt_at = clock_timestamp() + o.delay * interval '1 millisecond'
        from outcome o
       where d.id = o.id and d.attempts = o.attempt
    ),
    counted as (
      select t.endpoint_id, t.gone, t.failures, f.run, e.consecutive_failures as run_before,
             case when f.run = 0 then null
                  when t.answered then clock_timestamp()
                  else coalesce(e.failing_since, clock_timestamp()) end as since,
             t.answered and e.consecutive_failures >= ${BACK_AFTER_FAILURES} as back
        from tally t
        join webhook_endpoints e on e.id = t.endpoint_id
       cross join lateral (select case when t.answered then t.failures
                                       else e.consecutive_failures + t.failures end as run) f
    ),
    paused as (
      select c.*, e.enabled and (c.gone or (c.failures > 0 and c.run >= ${PAUSE_AFTER_FAILURES}
               and clock_timestamp() - c.since >= ${PAUSE_AFTER_MS} * interval '1 millisecond')) as pause
        from counted c join webhook_endpoints e on e.id = c.endpoint_id
    ),
    endpoints as (
      update webhook_endpoints w
         set consecutive_failures = p.run, failing_since = p.since,
             enabled = w.enabled and not p.pause,
             paused_reason = case when p.pause then case when p.gone then 'gone' else 'failing' end
                                  else w.paused_reason end,
             paused_at = case when p.pause then clock_timestamp() else w.paused_at end
        from paused p
       where w.id = p.endpoint_id and (p.run > 0 or p.run_before > 0 or p.pause)
    )
    update webhook_deliveries d
       set next_attempt_at = clock_timestamp()
      from counted c
     where c.back and d.endpoint_id = c.endpoint_id and d.status = 'pending' and d.attempts > 0
       and d.next_attempt_at > clock_timestamp()
       and d.id <> all (${column((r) => r.id)}::bigint[])`.execute(db)
}
