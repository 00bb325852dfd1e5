/**
 * The returns waiting for a decision (GET /rest/order/return/waiting): parked without order, or
 * with items 'hors commande'; those of the user's shops and those no shop claims yet, oldest first.
 */
import { sql } from 'kysely'
import type { CustomerReturn } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import { loadReturnViews } from './view.ts'

/** Enough for any day's backlog; the screen shows the oldest first. */
export const WAITING_LIMIT = 200

export async function waitingReturns(db: Db, user: AuthUser): Promise<CustomerReturn[]> {
  const { rows } = await sql<{ id: number }>`
    select r.id from returns r left join shops s on s.id = r.shop_id
     where r.status = 'waiting' and (r.shop_id is null or s.slug = any(${[...user.shops]}::text[]))
     order by coalesce(r.received_at, r.created_at), r.id
     limit ${WAITING_LIMIT}
  `.execute(db)
  return loadReturnViews(
    db,
    rows.map((r) => r.id),
  )
}
