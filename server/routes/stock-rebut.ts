/** Scrap (SPEC §7.5): a quantity of a shop's product leaves the warehouse from a location, with a reason. */
import type { endpoints } from '../../contract/endpoints.ts'
import type { Db } from '../db/connect.ts'
import type { Handler } from '../http/register.ts'
import { STOCK_MESSAGES, stockConflict, stockNotFound } from '../stock/errors.ts'
import { idempotentWrite } from '../stock/idempotency.ts'
import { lockLocations, stockAt } from '../stock/locks.ts'
import { locationsByName, pickLocation, pickProduct, productsByCode, productView } from '../stock/resolve.ts'

type E = typeof endpoints

const reasons = (db: Db) =>
  db.selectFrom('rebut_reasons').select(['id', 'label']).orderBy('position').orderBy('id')

export const rebutReasonList: Handler<E['rebutReasonList']> = async ({ db }) => reasons(db).execute()

export const rebutAdd: Handler<E['rebutAdd']> = async (ctx) => {
  const { params, body, user } = ctx
  return idempotentWrite(ctx, async (trx) => {
    const reason = await trx
      .selectFrom('rebut_reasons')
      .select(['id', 'label'])
      .where('id', '=', body.reason)
      .executeTakeFirst()
    if (!reason) throw stockNotFound(STOCK_MESSAGES.unknownReason(body.reason), 'reason')
    const product = pickProduct(
      await productsByCode(trx, [body.code]),
      body.code,
      [params.slugShop],
      'code',
      'shop',
    )
    const location = pickLocation(await locationsByName(trx, [body.location]), body.location, 'location')

    // Goods leave the location: lock it before reading its stock (see stock/locks.ts).
    await lockLocations(trx, [location.id])
    const have = (await stockAt(trx, location.id, [product.id])).get(product.id) ?? 0
    if (have < body.quantity)
      throw stockConflict(STOCK_MESSAGES.insufficient(body.code, location.name, have), 'quantity')

    const { id } = await trx
      .insertInto('stock_movements')
      .values({
        kind: 'REBUT',
        product_id: product.id,
        from_location_id: location.id,
        quantity: body.quantity,
        user_id: user.id,
        // The ledger keeps the label: the movement still reads right if a reason is renamed later.
        reason: reason.label,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return {
      movement: {
        id,
        product: productView(product),
        location: location.name,
        quantity: body.quantity,
        reason,
      },
    }
  })
}
