/**
 * Lists of a shop's expected receptions (issue 34) with their totals: the shop's (newest first, by
 * page, a status to filter), the reception screen's (the open ones, by expected date) and the admin
 * area's (newest first, by page). One statement each, the totals summed beside each notice.
 */
import { sql } from 'kysely'
import type { ExpectedReceptionSummary, ReceptionStatus } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'

const summaryQuery = (db: Db, shopId: number) =>
  db
    .selectFrom('expected_receptions as r')
    .select([
      'r.id',
      'r.reference',
      sql<string>`r.expected_date::text`.as('expected_date'),
      'r.status',
      'r.source',
      'r.created_at',
      'r.completed_at',
      'r.cancelled_at',
      sql<{ lines: number; expected: number; received: number }>`(select json_build_object(
          'lines', count(*) filter (where l.quantity_expected > 0),
          'expected', coalesce(sum(l.quantity_expected), 0),
          'received', coalesce(sum(l.quantity_received), 0))
          from expected_reception_lines l where l.expected_reception_id = r.id)`.as('totals'),
    ])
    .where('r.shop_id', '=', shopId)

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number]

function summaryOf(row: SummaryRow): ExpectedReceptionSummary {
  return {
    id: row.id,
    reference: row.reference,
    expectedDate: row.expected_date,
    status: row.status,
    source: row.source,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    cancelledAt: row.cancelled_at?.toISOString() ?? null,
    lineCount: Number(row.totals.lines),
    expectedUnits: Number(row.totals.expected),
    receivedUnits: Number(row.totals.received),
  }
}

/** The shop's notices, newest first, `limit` a page after the id `before`; those of `status` only when given. */
export async function listNotices(
  db: Db,
  shopId: number,
  { status, before, limit }: { status?: ReceptionStatus; before?: number; limit: number },
): Promise<ExpectedReceptionSummary[]> {
  let query = summaryQuery(db, shopId).orderBy('r.id', 'desc').limit(limit)
  if (status) query = query.where('r.status', '=', status)
  if (before !== undefined) query = query.where('r.id', '<', before)
  return (await query.execute()).map(summaryOf)
}

/** What the reception screen offers: the shop's open notices, the earliest expected first. */
export async function openNotices(db: Db, shopId: number): Promise<ExpectedReceptionSummary[]> {
  const rows = await summaryQuery(db, shopId)
    .where('r.status', '=', 'open')
    .orderBy('r.expected_date')
    .orderBy('r.id')
    .limit(500)
    .execute()
  return rows.map(summaryOf)
}

/** The shop of a slug (the warehouse's calls name it): its id, or null. */
export async function shopIdOf(db: Db, slug: string): Promise<number | null> {
  const shop = await db.selectFrom('shops').select('id').where('slug', '=', slug).executeTakeFirst()
  return shop?.id ?? null
}
