/**
 * Kysely's view of the sign-in tables (server/auth/): the attempts the throttle counts
 * (rate-limit.ts) and the sessions signed out (sessions.ts, migration 0038). Part of schema.ts's
 * Database, kept apart to keep each file short.
 */
import type { ColumnType, Generated } from 'kysely'
import type { Defaulted } from './schema.ts'

export interface LoginAttemptsTable {
  id: Generated<number>
  username: string
  ip: string
  at: Defaulted<Date>
  success: boolean
  /** The known device the attempt came from (server/auth/device.ts); null: an unknown one. */
  device: ColumnType<string | null, string | null | undefined, string | null>
}

/** Sessions signed out before their token expired. */
export interface EndedSessionsTable {
  session_id: string
  user_id: number
  until: Date
}
