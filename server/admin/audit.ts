/**
 * The admin area's history (issue 16): every change is written in the same transaction as the
 * change itself, with who made it and the entity before and after, so the history can never say
 * something that did not happen nor miss something that did.
 */
import { sql } from 'kysely'
import type { AuditEntry } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import { conflict, notFound } from '../http/errors.ts'

export type AuditAction = 'create' | 'update' | 'delete'
type Snapshot = Record<string, unknown> | null
/** Who made a change; null: the installation itself (the first administrator). */
export type Actor = Pick<AuthUser, 'id' | 'username'>

export interface Change<A extends Snapshot> {
  key: string
  action: AuditAction
  before: Snapshot
  after: A
}

async function recordChange(
  trx: Db,
  actor: Actor | null,
  entity: string,
  change: Change<Snapshot>,
): Promise<void> {
  await trx
    .insertInto('admin_audit')
    .values({
      actor_id: actor?.id ?? null,
      actor: actor?.username ?? 'installation',
      entity,
      entity_key: change.key,
      action: change.action,
      before: change.before === null ? null : JSON.stringify(change.before),
      after: change.after === null ? null : JSON.stringify(change.after),
    })
    .execute()
}

/** Locks the whole admin area's writes against each other (advisory, transaction-scoped). */
const lockAdmin = (trx: Db) => sql`select pg_advisory_xact_lock(16016)`.execute(trx)

/**
 * A write of the admin area that says what it did: under the admin lock, in one transaction with
 * its history line, or none when `change` is null (nothing was changed: nothing to record).
 */
export async function adminWrite<R>(
  db: Db,
  actor: Actor | null,
  entity: string,
  run: (trx: Db) => Promise<{ change: Change<Snapshot> | null; answer: R }>,
): Promise<R> {
  return db.transaction().execute(async (trx) => {
    await lockAdmin(trx)
    const { change, answer } = await run(trx)
    if (change) await recordChange(trx, actor, entity, change)
    return answer
  })
}

/**
 * Every other write of the admin area: `run` makes the change and says what it was; the entity
 * after it is the answer.
 */
export const adminChange = <A extends Snapshot>(
  db: Db,
  actor: Actor | null,
  entity: string,
  run: (trx: Db) => Promise<Change<A>>,
): Promise<A> =>
  adminWrite(db, actor, entity, async (trx) => {
    const change = await run(trx)
    return { change, answer: change.after }
  })

/** The row a read by id found, or a French 404. */
export function found<T>(rows: readonly T[], message: string): T {
  const [row] = rows
  if (row === undefined) throw notFound(message)
  return row
}

export const AUDIT_PAGE = 100

export async function readAudit(
  db: Db,
  { entity, before }: { entity?: string; before?: number },
): Promise<AuditEntry[]> {
  let query = db
    .selectFrom('admin_audit')
    .select(['id', 'at', 'actor', 'entity', 'entity_key', 'action', 'before', 'after'])
    .orderBy('id', 'desc')
    .limit(AUDIT_PAGE)
  if (entity) query = query.where('entity', '=', entity)
  if (before) query = query.where('id', '<', before)
  const rows = await query.execute()
  return rows.map((row) => ({
    id: row.id,
    at: new Date(row.at).toISOString(),
    actor: row.actor,
    entity: row.entity,
    entityKey: row.entity_key,
    action: row.action,
    before: (row.before as Snapshot) ?? null,
    after: (row.after as Snapshot) ?? null,
  }))
}

/**
 * Runs a write and turns a unique-constraint violation (two admins creating the same identifier
 * at once, past the checks) into a French 409 naming the field, instead of a 500.
 */
export async function uniquely<T>(
  write: () => Promise<T>,
  byConstraint: Record<string, readonly [field: string, message: string]>,
): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string }
    const known = code === '23505' && constraint ? byConstraint[constraint] : undefined
    if (known) throw conflict(known[1], known[0])
    throw error
  }
}
