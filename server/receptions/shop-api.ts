/**
 * /api/v1/receptions (issue 34, docs/shop-api.md): a shop announces a delivery, lists and reads its
 * notices, and cancels one the warehouse has not started receiving. The key is the shop: another
 * shop's notice is not found. Refusals in the caller's language (shop-api/language.ts), with the
 * codes a program reads.
 */
import type { ResponseOf, ShopReception, ShopReceptionBody } from '../../contract/index.ts'
import { ERROR_CODES, shopReceptionSummarySchema } from '../../contract/index.ts'
import type { endpoints } from '../../contract/endpoints.ts'
import type { Db } from '../db/connect.ts'
import { HttpError, notFound } from '../http/errors.ts'
import type { ShopCaller } from '../shop-api/authenticate.ts'
import { errorsRefused } from '../shop-api/create-order.ts'
import { type ShopLanguage, shopMessages } from '../shop-api/language.ts'
import { announceReceptions, problemErrors } from './announce.ts'
import { listNotices } from './lists.ts'
import { type Notice, readNotice, shopView } from './notices.ts'

export async function createShopReception(
  db: Db,
  shop: ShopCaller,
  body: ShopReceptionBody,
  language: ShopLanguage,
): Promise<{ result: 'created' | 'existing'; reception: ShopReception }> {
  const M = shopMessages(language).reception
  const [answer] = await db
    .transaction()
    .execute((trx) => announceReceptions(trx, shop.shopId, 'api', [body]))
  if (!answer) throw new Error('announceReceptions answered nothing for one notice')
  if (answer.result === 'refused')
    throw errorsRefused(
      400,
      ERROR_CODES.receptionRefused,
      M.refused(answer.problems.length),
      problemErrors(answer.problems, language),
    )
  if (answer.result === 'differs')
    throw errorsRefused(
      409,
      ERROR_CODES.receptionDiffers,
      M.differs(body.reference),
      problemErrors(answer.problems, language),
    )
  const notice = await readNotice(db, shop.shopId, { id: answer.id })
  if (!notice) throw new Error(`notice ${answer.id} written but not read back`)
  return { result: answer.result, reception: shopView(notice) }
}

export async function getShopReception(
  db: Db,
  shopId: number,
  reference: string,
  language: ShopLanguage,
): Promise<ShopReception> {
  const notice = await readNotice(db, shopId, { reference })
  if (!notice) throw notFound(shopMessages(language).reception.notFound(reference))
  return shopView(notice)
}

type ListAnswer = ResponseOf<(typeof endpoints)['shopReceptionList']>

export async function listShopReceptions(
  db: Db,
  shopId: number,
  query: { status?: Notice['status']; cursor?: string; limit?: number },
): Promise<ListAnswer> {
  const limit = query.limit ?? 100
  const page = await listNotices(db, shopId, {
    limit: limit + 1,
    ...(query.status && { status: query.status }),
    ...(query.cursor !== undefined && { before: Number(query.cursor) }),
  })
  const shown = page.slice(0, limit)
  const last = shown.at(-1)
  return {
    // The warehouse's ids stay inside: the shop knows its notices by reference.
    receptions: shown.map((summary) => shopReceptionSummarySchema.parse(summary)),
    nextCursor: page.length > limit && last ? String(last.id) : null,
  }
}

/**
 * Cancels a notice the warehouse has not started receiving. Cancelling a cancelled one answers it
 * as it is; once units are counted against it, too late (the warehouse closes it, and the shop
 * hears what was received); a closed one is refused.
 */
export async function cancelShopReception(
  db: Db,
  shopId: number,
  reference: string,
  language: ShopLanguage,
): Promise<ShopReception> {
  const M = shopMessages(language).reception
  return db.transaction().execute(async (trx) => {
    const notice = await readNotice(trx, shopId, { reference }, { lock: true })
    if (!notice) throw notFound(M.notFound(reference))
    if (notice.status === 'cancelled') return shopView(notice)
    if (notice.status === 'completed')
      throw new HttpError(409, { code: ERROR_CODES.receptionClosed, message: M.completed(reference) })
    if (notice.lines.some((l) => l.received > 0))
      throw new HttpError(409, {
        code: ERROR_CODES.tooLate,
        message: M.cancelTooLate,
        status: notice.status,
        instead: 'ask_the_warehouse',
      })
    const at = await trx
      .updateTable('expected_receptions')
      .set({ status: 'cancelled', cancelled_at: new Date() })
      .where('id', '=', notice.id)
      .returning('cancelled_at')
      .executeTakeFirstOrThrow()
    return shopView({ ...notice, status: 'cancelled', cancelledAt: at.cancelled_at })
  })
}
