/**
 * Units received against an expected reception (issue 34, docs/stock.md): receptionAdd with
 * `expected` counts each unit it puts away against that notice, in the stock write's own
 * transaction (stock/idempotency.ts). The notice is locked first, so two receptions against it
 * count one after the other; a replay of an Idempotency-Key already answered rolls the
 * transaction back and answers the first answer, so its units are counted once; a write refused
 * or failing counts nothing. A product the notice did not announce is counted on a line of its own
 * (nothing expected): an unexpected SKU.
 */
import type { ExpectedReception } from '../../contract/index.ts'
import { sql } from 'kysely'
import { insertRows } from '../db/bulk-insert.ts'
import type { Db } from '../db/connect.ts'
import type { NewStockMovement } from '../db/schema.ts'
import { ERROR_CODES } from '../../contract/index.ts'
import { refusal } from '../http/errors.ts'
import type { StockWriteScope } from '../stock/idempotency.ts'
import type { ProductRow } from '../stock/resolve.ts'
import { shopIdOf } from './lists.ts'
import { RECEPTION_MESSAGES as M } from './messages.ts'
import { type Notice, readNotice, warehouseView } from './notices.ts'

export interface ReceivedUnits {
  product: ProductRow
  quantity: number
}

/**
 * Writes `rows` (the reception's movements) and counts `units` against the shop's open notice
 * `ref` (its id, or the shop's reference), in one transaction; answers `answer(ids, notice after)`.
 */
export async function receiveAgainst<A extends { movements: { id: number }[] }>(
  scope: StockWriteScope,
  shopSlug: string,
  ref: number | string,
  units: readonly ReceivedUnits[],
  rows: readonly NewStockMovement[],
  answer: (ids: number[], expected: ExpectedReception) => A,
): Promise<A> {
  const trx = await scope.transaction()
  const notice = await openNotice(trx, shopSlug, ref)
  const after = warehouseView(counted(notice, units))
  const answered = await scope.insertMovements(rows, (ids) => answer(ids, after))
  await recordCounts(
    trx,
    notice.id,
    units,
    answered.movements.map((m) => m.id),
  )
  return answered
}

/** The shop's notice, locked in the write's transaction, if it is open; refused in French otherwise. */
async function openNotice(trx: Db, shopSlug: string, ref: number | string): Promise<Notice> {
  const shopId = await shopIdOf(trx, shopSlug)
  const key = typeof ref === 'number' ? { id: ref } : { reference: ref }
  const notice = shopId === null ? null : await readNotice(trx, shopId, key, { lock: true })
  if (!notice) throw refusal(404, ERROR_CODES.notFound, M.notFound(ref), 'expected')
  if (notice.status === 'completed')
    throw refusal(409, ERROR_CODES.receptionClosed, M.completed(notice.reference), 'expected')
  if (notice.status === 'cancelled')
    throw refusal(409, ERROR_CODES.receptionClosed, M.cancelled(notice.reference), 'expected')
  return notice
}

/** Units of each product, in the order first received. */
function byProduct(units: readonly ReceivedUnits[]): Map<number, ReceivedUnits> {
  const sums = new Map<number, ReceivedUnits>()
  for (const u of units) {
    const sum = sums.get(u.product.id)
    sums.set(u.product.id, { product: u.product, quantity: (sum?.quantity ?? 0) + u.quantity })
  }
  return sums
}

/** The notice as it will be once these units are counted (what the screen is answered). */
export function counted(notice: Notice, units: readonly ReceivedUnits[]): Notice {
  const sums = byProduct(units)
  const lines = notice.lines.map((l) => {
    const add = sums.get(l.productId)?.quantity ?? 0
    return add === 0 ? l : { ...l, received: l.received + add }
  })
  const known = new Set(notice.lines.map((l) => l.productId))
  for (const { product, quantity } of sums.values())
    if (!known.has(product.id))
      lines.push({
        productId: product.id,
        sku: product.sku,
        ean13: product.ean13,
        name: product.name,
        expected: 0,
        received: quantity,
      })
  return { ...notice, lines }
}

/** Adds the units to the notice's lines (a new line for a product it did not announce) and links the movements. */
async function recordCounts(
  trx: Db,
  noticeId: number,
  units: readonly ReceivedUnits[],
  movementIds: readonly number[],
): Promise<void> {
  await insertRows(
    trx,
    'expected_reception_lines',
    [...byProduct(units).values()].map(({ product, quantity }) => ({
      expected_reception_id: noticeId,
      product_id: product.id,
      sku: product.sku,
      quantity_expected: 0,
      quantity_received: quantity,
    })),
    [],
    sql`on conflict (expected_reception_id, product_id) do update
        set quantity_received = expected_reception_lines.quantity_received + excluded.quantity_received`,
  )
  await insertRows(
    trx,
    'expected_reception_movements',
    movementIds.map((id) => ({ stock_movement_id: id, expected_reception_id: noticeId })),
  )
}
