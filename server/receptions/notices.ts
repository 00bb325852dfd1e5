/**
 * An expected reception (a shop's advance shipping notice, issue 34) read in one statement, its
 * lines with their products gathered beside it, and what each side sees of it: the shop's view
 * (/api/v1/receptions), the reception screen's, and the `reception.completed` event's data. A line
 * with nothing announced (quantity_expected 0) is a product received that the notice did not name.
 */
import { sql } from 'kysely'
import type { EventData, ExpectedReception, ReceptionLineState, ShopReception } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import type { ExpectedReceptionSource, ExpectedReceptionStatus } from '../db/schema-receptions.ts'

export interface NoticeLine {
  productId: number
  sku: string
  ean13: string
  name: string
  expected: number
  received: number
}

export interface Notice {
  id: number
  shopId: number
  reference: string
  expectedDate: string
  status: ExpectedReceptionStatus
  source: ExpectedReceptionSource
  createdAt: Date
  completedAt: Date | null
  completedBy: string | null
  cancelledAt: Date | null
  lines: NoticeLine[]
}

/** How a caller names a notice of its shop: by id (the warehouse), or by the shop's reference. */
export type NoticeKey = { id: number } | { reference: string }

/**
 * The notice of this shop, or null (another shop's is not found either). `lock`: in the caller's
 * transaction, held until it ends, so writes that count units or close it run one after another.
 */
export async function readNotice(
  db: Db,
  shopId: number,
  key: NoticeKey,
  { lock = false } = {},
): Promise<Notice | null> {
  if (lock) {
    const found = await db
      .selectFrom('expected_receptions')
      .select('id')
      .where('shop_id', '=', shopId)
      .where('id' in key ? 'id' : 'reference', '=', 'id' in key ? key.id : key.reference)
      .forUpdate()
      .executeTakeFirst()
    if (!found) return null
    key = { id: found.id }
  }
  const row = await db
    .selectFrom('expected_receptions as r')
    .leftJoin('users as u', 'u.id', 'r.completed_by')
    .select([
      'r.id',
      'r.shop_id',
      'r.reference',
      sql<string>`r.expected_date::text`.as('expected_date'),
      'r.status',
      'r.source',
      'r.created_at',
      'r.completed_at',
      'r.cancelled_at',
      'u.display_name as completed_by',
      // The lines in the same statement: one round trip (on PGlite each crosses to its thread).
      sql<NoticeLine[]>`(select coalesce(json_agg(json_build_object('productId', l.product_id,
          'sku', l.sku, 'ean13', p.ean13, 'name', p.name, 'expected', l.quantity_expected,
          'received', l.quantity_received) order by l.id), '[]')
          from expected_reception_lines l join products p on p.id = l.product_id
         where l.expected_reception_id = r.id)`.as('lines'),
    ])
    .where('r.shop_id', '=', shopId)
    .where('id' in key ? 'r.id' : 'r.reference', '=', 'id' in key ? key.id : key.reference)
    .executeTakeFirst()
  if (!row) return null
  return {
    id: row.id,
    shopId: row.shop_id,
    reference: row.reference,
    expectedDate: row.expected_date,
    status: row.status,
    source: row.source,
    createdAt: row.created_at,
    completedAt: row.completed_at,
    completedBy: row.completed_by,
    cancelledAt: row.cancelled_at,
    lines: row.lines,
  }
}

export const lineState = (expected: number, received: number): ReceptionLineState =>
  received < expected ? 'short' : received === expected ? 'complete' : 'over'

const announced = (notice: Notice) => notice.lines.filter((l) => l.expected > 0)
const unannounced = (notice: Notice) => notice.lines.filter((l) => l.expected === 0)
const counts = (l: NoticeLine) => ({
  expected: l.expected,
  received: l.received,
  difference: l.received - l.expected,
})

export function shopView(notice: Notice): ShopReception {
  return {
    reference: notice.reference,
    expectedDate: notice.expectedDate,
    status: notice.status,
    source: notice.source,
    createdAt: notice.createdAt.toISOString(),
    completedAt: notice.completedAt?.toISOString() ?? null,
    cancelledAt: notice.cancelledAt?.toISOString() ?? null,
    lines: announced(notice).map((l) => ({
      sku: l.sku,
      ...counts(l),
      state: lineState(l.expected, l.received),
    })),
    unexpected: unannounced(notice).map((l) => ({ sku: l.sku, received: l.received })),
  }
}

export function warehouseView(notice: Notice): ExpectedReception {
  const product = (l: NoticeLine) => ({ sku: l.sku, ean13: l.ean13, name: l.name })
  return {
    id: notice.id,
    reference: notice.reference,
    expectedDate: notice.expectedDate,
    status: notice.status,
    createdAt: notice.createdAt.toISOString(),
    completedAt: notice.completedAt?.toISOString() ?? null,
    completedBy: notice.completedBy,
    lines: announced(notice).map((l) => ({
      ...product(l),
      ...counts(l),
      state: lineState(l.expected, l.received),
    })),
    unexpected: unannounced(notice).map((l) => ({ ...product(l), received: l.received })),
  }
}

/** What the shop hears when the warehouse closes it. */
export function completedEvent(notice: Notice, closedAt: Date): EventData<'reception.completed'> {
  return {
    reference: notice.reference,
    expectedDate: notice.expectedDate,
    closedAt: closedAt.toISOString(),
    lines: announced(notice).map((l) => ({ sku: l.sku, ...counts(l) })),
    unexpected: unannounced(notice).map((l) => ({ sku: l.sku, received: l.received })),
  }
}
