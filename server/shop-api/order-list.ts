/**
 * GET /api/v1/orders (issue 33): a shop's orders in the order they last changed, page by page. The
 * cursor is the last order's (updated_at, id), the time as PostgreSQL writes it (to the
 * microsecond: a JavaScript Date would round it and skip or repeat an order). A shop keeps calling
 * with the cursor it was given, now or later, and reads every change at least once: an order that
 * changes again comes again, further on.
 *
 * An order's updated_at is its writing transaction's start, and a long transaction (a batch of 500)
 * commits rows dated before a cursor already handed out: a page never reaches past the start of
 * the oldest transaction still writing (changeHorizon), so those rows come on a later call.
 */
import { sql } from 'kysely'
import type { endpoints } from '../../contract/endpoints.ts'
import type { ResponseOf } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { invalid } from '../http/errors.ts'
import { type ShopLanguage, shopMessages } from './language.ts'

type Page = ResponseOf<(typeof endpoints)['shopOrderList']>
const PAGE = 100

interface Cursor {
  at: string
  id: number
}

const encode = (cursor: Cursor) => Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url')

/**
 * The start of the oldest transaction of another connection to this database that has written
 * something (it holds a transaction id), or this statement's time: every row dated before it is
 * committed or never will be. Other databases of the server (the tests' own, another site's) write
 * no row of ours and hold nothing back.
 */
export const changeHorizon = sql<Date>`select coalesce(min(xact_start), statement_timestamp()) from pg_stat_activity
   where backend_xid is not null and pid <> pg_backend_pid() and datname = current_database()`

/** PostgreSQL's text of a timestamptz, as the cursor carries it: nothing else reaches the database. */
const PG_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/

function decode(text: string, language: ShopLanguage): Cursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[]
    const wholeId = typeof id === 'number' && Number.isInteger(id) && id > 0 && id < 2 ** 31
    if (typeof at === 'string' && PG_TIME.test(at) && wholeId) return { at, id }
  } catch {
    // refused below
  }
  throw invalid(shopMessages(language).badCursor, 'cursor')
}

export async function listShopOrders(
  db: Db,
  shopId: number,
  query: { updated_since?: string; cursor?: string; limit?: number },
  language: ShopLanguage,
): Promise<Page> {
  const limit = query.limit ?? PAGE
  const after = query.cursor ? decode(query.cursor, language) : null
  let select = db
    .selectFrom('orders')
    .select([
      'id',
      'name',
      'external_ref',
      'status',
      'picking_type',
      'source',
      'created_at',
      sql<string>`updated_at::text`.as('at'),
    ])
    .where('shop_id', '=', shopId)
    .orderBy('updated_at')
    .orderBy('id')
    .limit(limit + 1)
  if (query.updated_since) select = select.where('updated_at', '>=', new Date(query.updated_since))
  if (after)
    select = select.where(sql<boolean>`(updated_at, id) > (${after.at}::timestamptz, ${after.id}::integer)`)
  select = select.where(sql<boolean>`updated_at < (${changeHorizon})`)
  const rows = await select.execute()
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    orders: page.map((o) => ({
      reference: o.external_ref ?? o.name,
      name: o.name,
      status: o.status,
      pickingType: o.picking_type,
      source: o.source,
      createdAt: o.created_at.toISOString(),
      updatedAt: new Date(o.at).toISOString(),
    })),
    nextCursor: last ? encode({ at: last.at, id: last.id }) : (query.cursor ?? null),
    more: rows.length > limit,
  }
}
