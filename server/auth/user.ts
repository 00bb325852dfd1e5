/** The signed-in user as the HTTP layer sees it: identity, warehouse roles and shops. */
import { sql } from 'kysely'
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

interface AuthUserRow {
  id: number
  username: string
  display_name: string
  email: string
  debug: boolean
  admin_url: string | null
  warehouse_access: boolean
  roles: string[]
  shops: string[]
}

/**
 * Loaded on every authenticated request: a deleted user or a revoked role takes effect at once.
 * One statement, calling the SQL function auth_user (migration 0004), whose plan is cached: on
 * PGlite, planning the user-and-shops query on every request cost more than running it.
 */
export async function loadAuthUser(db: Db, id: number): Promise<AuthUser | null> {
  const { rows } = await sql<{ user: AuthUserRow | null }>`select auth_user(${id}::integer) as user`.execute(db)
  const row = rows[0]?.user
  if (!row) return null
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    email: row.email,
    debug: row.debug,
    adminUrl: row.admin_url,
    warehouseAccess: row.warehouse_access,
    roles: row.roles,
    shops: row.shops,
  }
}
