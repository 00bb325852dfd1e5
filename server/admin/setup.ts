/**
 * A new site's first hour (issue 16): on an empty database (SEED=off) nobody can sign in, so the
 * first visit may create the first administrator — only while no user at all exists. The check and
 * the insert run under one lock: two browsers racing both see "nobody yet", one of them wins.
 */
import { sql } from 'kysely'
import type { FirstAdminBody } from '../../contract/index.ts'
import { hashPassword } from '../auth/password.ts'
import { checkNewPassword } from '../auth/password-policy.ts'
import type { Db } from '../db/connect.ts'
import { adminChange } from './audit.ts'
import { conflict } from '../http/errors.ts'
import { ADMIN_MESSAGES } from './errors.ts'
import { insertUser } from './users.ts'

export async function needsFirstAdmin(db: Db): Promise<boolean> {
  const { rows } = await sql<{ any: boolean }>`select exists (select 1 from users) as any`.execute(db)
  return !rows[0]?.any
}

/** The new administrator's id; a 409 once anyone exists. */
export async function createFirstAdmin(
  db: Db,
  body: FirstAdminBody,
): Promise<{ id: number; username: string; generation: number }> {
  // Checked before hashing too: this call is public, and scrypt is the costly part.
  if (!(await needsFirstAdmin(db))) throw conflict(ADMIN_MESSAGES.notFirst)
  await checkNewPassword(body.password)
  const hash = await hashPassword(body.password)
  const after = await adminChange(db, null, 'user', async (trx) => {
    if (!(await needsFirstAdmin(trx))) throw conflict(ADMIN_MESSAGES.notFirst)
    // Shops made before the first user (a restored catalogue) are theirs to hand out.
    const shops = await trx.selectFrom('shops').select('slug').execute()
    const user = {
      username: body.username,
      displayName: body.displayName,
      email: body.email ?? '',
      admin: true,
      debug: false,
      warehouseAccess: false,
      roles: [],
      shops: shops.map((s) => s.slug),
    }
    return insertUser(trx, user, hash)
  })
  // A new user: the first generation of sessions (sessions.ts).
  return { id: after.id, username: after.username, generation: 0 }
}
