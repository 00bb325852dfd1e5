/**
 * Kysely's view of the shop API's tables (migration 0026): each shop's keys, the call history and
 * the shops' order counters. Part of schema.ts's Database.
 */
import type { Generated } from 'kysely'
import type { CreatedAt, Defaulted } from './schema.ts'

export interface ShopApiKeysTable {
  id: Generated<number>
  shop_id: number
  /** The key's public part ('sk_<prefix>_…'), by which a call's key is found. */
  prefix: string
  /** SHA-256 of the whole key: the key itself is shown once and never stored. */
  secret_sha256: Uint8Array
  label: string
  created_by: number | null
  created_at: CreatedAt
  /** Written at most once a minute (shop-api/authenticate.ts). */
  last_used_at: Date | null
  revoked_at: Date | null
}

export interface ApiCallsTable {
  id: Generated<string>
  key_id: number
  shop_id: number
  at: Defaulted<Date>
  method: string
  path: string
  status: number
  ms: number
  /** The shop's order references the call named or created. */
  refs: Defaulted<string[]>
}

export interface ShopOrderCountersTable {
  shop_id: number
  /** The number of the shop's last order name (CODE-100001…). */
  last: number
}
