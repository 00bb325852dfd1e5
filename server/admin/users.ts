/**
 * Users of the admin area: who works here, with which warehouse roles and shops. Every write bumps
 * auth_epoch through the users / user_shops triggers (db/functions/change-feed.sql), so a removed role, shop or
 * a disabled account takes effect on the user's very next request.
 */
import type { AdminUser, AdminUserCreateData, AdminUserUpdateData } from '../../contract/index.ts'
import { hashPassword } from '../auth/password.ts'
import { checkNewPassword } from '../auth/password-policy.ts'
import { endAllSessions } from '../auth/sessions.ts'
import type { Db } from '../db/connect.ts'
import { conflict, invalid } from '../http/errors.ts'
import { type Actor, adminChange, type Change, found, uniquely } from './audit.ts'
import { ADMIN_MESSAGES } from './errors.ts'

type Fields = Omit<AdminUserUpdateData, 'disabled'> & { disabled?: boolean }

export async function listUsers(db: Db, id?: number): Promise<AdminUser[]> {
  let query = db
    .selectFrom('users')
    .select((eb) => [
      'id',
      'username',
      'display_name',
      'email',
      'admin',
      'debug',
      'disabled',
      'warehouse_access',
      'roles',
      eb
        .selectFrom('user_shops')
        .innerJoin('shops', 'shops.id', 'user_shops.shop_id')
        .select((e) => e.fn.agg<string[]>('array_agg', ['shops.slug']).as('slugs'))
        .whereRef('user_shops.user_id', '=', 'users.id')
        .as('shops'),
    ])
    .orderBy('username')
  if (id !== undefined) query = query.where('id', '=', id)
  const rows = await query.execute()
  return rows.map((u) => ({
    id: u.id,
    username: u.username,
    displayName: u.display_name,
    email: u.email,
    admin: u.admin,
    debug: u.debug,
    disabled: u.disabled,
    warehouseAccess: u.warehouse_access,
    roles: u.roles,
    shops: [...(u.shops ?? [])].sort(),
  }))
}

const userById = async (db: Db, id: number) => found(await listUsers(db, id), ADMIN_MESSAGES.userNotFound)

async function shopIds(trx: Db, slugs: readonly string[]): Promise<number[]> {
  const unique = [...new Set(slugs)]
  if (unique.length === 0) return []
  const rows = await trx.selectFrom('shops').select(['id', 'slug']).where('slug', 'in', unique).execute()
  const missing = unique.filter((slug) => !rows.some((r) => r.slug === slug))
  if (missing.length > 0) throw invalid(ADMIN_MESSAGES.unknownShops(missing), 'shops')
  return rows.map((r) => r.id)
}

async function setShops(trx: Db, userId: number, slugs: readonly string[]) {
  const ids = await shopIds(trx, slugs)
  await trx.deleteFrom('user_shops').where('user_id', '=', userId).execute()
  if (ids.length > 0)
    await trx
      .insertInto('user_shops')
      .values(ids.map((shop_id) => ({ user_id: userId, shop_id })))
      .execute()
}

const columns = (f: Fields) => ({
  display_name: f.displayName,
  email: f.email,
  admin: f.admin,
  debug: f.debug,
  warehouse_access: f.warehouseAccess,
  // Roles only mean something with warehouse access; kept in the contract's order, once each.
  roles: [...new Set(f.roles)],
  ...(f.disabled === undefined ? {} : { disabled: f.disabled }),
})

/** Nobody could open the admin area again: refused. */
async function keepAnAdmin(trx: Db) {
  const left = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('admin', '=', true)
    .where('disabled', '=', false)
    .executeTakeFirstOrThrow()
  if (Number(left.n) === 0) throw conflict(ADMIN_MESSAGES.lastAdmin, 'admin')
}

/**
 * Inserts a user with their shops, inside the caller's admin change: createUser, and the first
 * administrator of an empty site (setup.ts). The password is hashed before, outside the lock.
 */
export async function insertUser(
  trx: Db,
  body: Omit<AdminUserCreateData, 'password'>,
  passwordHash: string,
): Promise<Change<AdminUser>> {
  const { id } = await uniquely(
    () =>
      trx
        .insertInto('users')
        .values({ username: body.username, password_hash: passwordHash, ...columns(body) })
        .returning('id')
        .executeTakeFirstOrThrow(),
    { users_username_key: ['username', ADMIN_MESSAGES.usernameTaken(body.username)] },
  )
  await setShops(trx, id, body.shops)
  return { key: body.username, action: 'create', before: null, after: await userById(trx, id) }
}

export async function createUser(db: Db, actor: Actor, body: AdminUserCreateData): Promise<AdminUser> {
  await checkNewPassword(body.password)
  const hash = await hashPassword(body.password)
  return adminChange(db, actor, 'user', (trx) => insertUser(trx, body, hash))
}

export async function updateUser(
  db: Db,
  actor: Actor,
  id: number,
  body: AdminUserUpdateData,
): Promise<AdminUser> {
  return adminChange(db, actor, 'user', async (trx) => {
    const before = await userById(trx, id)
    await trx.updateTable('users').set(columns(body)).where('id', '=', id).execute()
    await setShops(trx, id, body.shops)
    await keepAnAdmin(trx)
    const after = await userById(trx, id)
    return { key: after.username, action: 'update', before, after }
  })
}

export async function setPassword(db: Db, actor: Actor, id: number, password: string): Promise<void> {
  await checkNewPassword(password)
  const hash = await hashPassword(password)
  await adminChange(db, actor, 'user', async (trx) => {
    const user = await userById(trx, id)
    await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', id).execute()
    // Every session opened until now ends: whoever knew the old password is signed out.
    await endAllSessions(trx, id)
    // The hash itself never goes into the history.
    return { key: user.username, action: 'update', before: null, after: { password: 'modifié' } }
  })
}

/** 'Fermer les sessions': every token the user holds is refused from now on, on every server. */
export async function closeSessions(db: Db, actor: Actor, id: number): Promise<void> {
  await adminChange(db, actor, 'user', async (trx) => {
    const user = await userById(trx, id)
    await endAllSessions(trx, id)
    return { key: user.username, action: 'update', before: null, after: { sessions: 'fermées' } }
  })
}
