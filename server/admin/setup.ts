/**
 * A new site's first hour (issue 16): on an empty database (SEED=off) nobody can sign in, so the
 * first visit may create the first administrator — only while no user at all exists. The check and
 * the insert run under one lock: two browsers racing both see "nobody yet", one of them wins.
 */
import { sql } from 'kysely'
import type { FirstAdminBody } from '../../contract/index.ts'
import { hashPassword } from '../auth/password.ts'
import type { Db } from '../db/connect.ts'
import { lockAdmin, recordChange } from './audit.ts'
import { ADMIN_MESSAGES, conflict } from './errors.ts'
import { listUsers } from './users.ts'

export async function needsFirstAdmin(db: Db): Promise<boolean> {
  const { rows } = await sql<{ any: boolean }>`select exists (select 1 from users) as any`.execute(db)
  return !rows[0]?.any
}

/** The new administrator's id; a 409 once anyone exists. */
export async function createFirstAdmin(
  db: Db,
  body: FirstAdminBody,
): Promise<{ id: number; username: string }> {
  const hash = await hashPassword(body.password)
  return db.transaction().execute(async (trx) => {
    await lockAdmin(trx)
    if (!(await needsFirstAdmin(trx))) throw conflict(ADMIN_MESSAGES.notFirst)
    const shops = await trx.selectFrom('shops').select('id').execute()
    const { id } = await trx
      .insertInto('users')
      .values({
        username: body.username,
        password_hash: hash,
        display_name: body.displayName,
        email: body.email ?? '',
        admin: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    // Shops made before the first user (a restored catalogue) are theirs to hand out.
    if (shops.length > 0)
      await trx
        .insertInto('user_shops')
        .values(shops.map((s) => ({ user_id: id, shop_id: s.id })))
        .execute()
    const [after] = await listUsers(trx, id)
    await recordChange(trx, null, {
      entity: 'user',
      key: body.username,
      action: 'create',
      before: null,
      after: after ?? null,
    })
    return { id, username: body.username }
  })
}
