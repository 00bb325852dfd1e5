/**
 * A session and its tasks as the contract shows them (pickingSessionSchema, pickTaskSchema), built
 * as JSON by PostgreSQL (a task by the SQL function picking_task_json, db/functions/picking.sql, which the
 * pick scan's read uses too): resume reads a whole session in one statement.
 */
import { type Kysely, sql } from 'kysely'
import type { PickingSession } from '../../contract/index.ts'
import type { Database } from '../db/schema.ts'

interface SessionRow {
  session: Omit<PickingSession, 'startedAt'> & { startedAt: string }
}

/** A session with all its tasks in sequence order; undefined when there is none with that id. */
export async function loadSession(
  db: Kysely<Database>,
  sessionId: number,
): Promise<PickingSession | undefined> {
  const { rows } = await sql<SessionRow>`
    select json_build_object(
      'id', s.id, 'status', s.status, 'startedAt', s.started_at,
      'batch', json_build_object('name', b.name, 'shop', sh.slug, 'pickingType', b.picking_type, 'campaign', c.code),
      'tasks', coalesce(
        (select json_agg(picking_task_json(pt) order by pt.sequence) from pick_tasks pt where pt.session_id = s.id),
        '[]'::json)
    ) as session
    from picking_sessions s
    join picking_batches b on b.id = s.batch_id
    join shops sh on sh.id = b.shop_id
    left join campaigns c on c.id = b.campaign_id
    where s.id = ${sessionId}
  `.execute(db)
  const row = rows[0]?.session
  return row && { ...row, startedAt: new Date(row.startedAt).toISOString() }
}

/** The open session of a picker, or on a list (one of each at most): its id, its list and its picker. */
export async function openSession(db: Kysely<Database>, of: { userId: number } | { batchId: number }) {
  const open = db
    .selectFrom('picking_sessions as s')
    .innerJoin('picking_batches as b', 'b.id', 's.batch_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 'b.name as batch', 'u.display_name as owner'])
    .where('s.status', '=', 'open')
  return (
    'userId' in of ? open.where('s.user_id', '=', of.userId) : open.where('s.batch_id', '=', of.batchId)
  ).executeTakeFirst()
}
