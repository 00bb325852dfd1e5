/** The signed-in user as the HTTP layer sees it: identity, warehouse roles and shops. */
import type { Db } from '../db/connect.ts'

export interface AuthUser {
  id: number
  username: string
  displayName: string
  email: string
  debug: boolean
  adminUrl: string | null
  warehouseAccess: boolean
  roles: readonly string[]
  /** Slugs of the shops the user works for. */
  shops: readonly string[]
}

/** Loaded on every authenticated request: a deleted user or a revoked role takes effect at once. */
export async function loadAuthUser(db: Db, id: number): Promise<AuthUser | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'username', 'display_name', 'email', 'debug', 'admin_url', 'warehouse_access', 'roles'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) return null
  const shops = await db
    .selectFrom('user_shops')
    .innerJoin('shops', 'shops.id', 'user_shops.shop_id')
    .select('shops.slug')
    .where('user_shops.user_id', '=', id)
    .orderBy('shops.id')
    .execute()
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    email: row.email,
    debug: row.debug,
    adminUrl: row.admin_url,
    warehouseAccess: row.warehouse_access,
    roles: row.roles,
    shops: shops.map((s) => s.slug),
  }
}
