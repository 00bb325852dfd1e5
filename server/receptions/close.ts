/**
 * The reception screen's side of an expected reception (issue 34, docs/stock.md): the shop's open
 * notices, one with its lines, and closing it. Closing sets it completed and writes
 * `reception.completed` (webhooks/emit.ts) in the same transaction, so the shop hears it once, and
 * only if the close is committed. Closing it again answers it as it is and sends nothing; a notice
 * the shop cancelled is refused.
 */
import type { ExpectedReception } from '../../contract/index.ts'
import { ERROR_CODES } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import { notFound, refusal } from '../http/errors.ts'
import { emitEvent } from '../webhooks/emit.ts'
import { shopIdOf } from './lists.ts'
import { RECEPTION_MESSAGES as M } from './messages.ts'
import { completedEvent, readNotice, warehouseView } from './notices.ts'

/** The shop's notice by id, as the screen shows it; a French 404 for none (or another shop's). */
export async function getNotice(db: Db, shopSlug: string, id: number): Promise<ExpectedReception> {
  const shopId = await shopIdOf(db, shopSlug)
  const notice = shopId === null ? null : await readNotice(db, shopId, { id })
  if (!notice) throw notFound(M.notFound(id))
  return warehouseView(notice)
}

export async function closeNotice(
  db: Db,
  user: Pick<AuthUser, 'id' | 'displayName'>,
  shopSlug: string,
  id: number,
): Promise<ExpectedReception> {
  return db.transaction().execute(async (trx) => {
    const shopId = await shopIdOf(trx, shopSlug)
    // Locked: a reception counting units against it waits, and is then refused as closed.
    const notice = shopId === null ? null : await readNotice(trx, shopId, { id }, { lock: true })
    if (!notice) throw notFound(M.notFound(id))
    if (notice.status === 'completed') return warehouseView(notice)
    if (notice.status === 'cancelled')
      throw refusal(409, ERROR_CODES.receptionClosed, M.closeCancelled(notice.reference))
    const { completed_at: closedAt } = await trx
      .updateTable('expected_receptions')
      .set({ status: 'completed', completed_at: new Date(), completed_by: user.id })
      .where('id', '=', notice.id)
      .returning('completed_at')
      .executeTakeFirstOrThrow()
    const closed = {
      ...notice,
      status: 'completed' as const,
      completedAt: closedAt,
      completedBy: user.displayName,
    }
    await emitEvent(trx, {
      shopId: notice.shopId,
      type: 'reception.completed',
      orderingKey: `reception:${notice.id}`,
      data: completedEvent(closed, closedAt ?? new Date()),
    })
    return warehouseView(closed)
  })
}
