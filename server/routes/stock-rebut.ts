/** Scrap (docs/specification.md §7.5): a quantity of a shop's product leaves the warehouse from a location, with a reason. */
import type { endpoints } from '../../contract/endpoints.ts'
import type { Db } from '../db/connect.ts'
import type { Handler } from '../http/register.ts'
import { STOCK_MESSAGES, stockConflict, stockNotFound } from '../kernel/errors.ts'
import { stockWrite } from '../stock/idempotency.ts'
import { pickLocation, pickProduct, productView } from '../stock/resolve.ts'

type E = typeof endpoints

const reasons = (db: Db) =>
  db
    .selectFrom('rebut_reasons')
    .select(['id', 'label'])
    .where('active', '=', true) // a retired reason (admin area) is no longer offered
    .orderBy('position')
    .orderBy('id')

export const rebutReasonList: Handler<E['rebutReasonList']> = async ({ db }) => reasons(db).execute()

export const rebutAdd: Handler<E['rebutAdd']> = async (ctx) => {
  const { params, body, user } = ctx
  const what = { codes: [body.code], locations: [body.location], reason: body.reason }
  return stockWrite(ctx, what, async ({ found, insertMovements }) => {
    const reason = found.reason
    if (!reason) throw stockNotFound(STOCK_MESSAGES.unknownReason(body.reason), 'reason')
    const product = pickProduct(found.products, body.code, [params.slugShop], 'code', 'shop')
    const location = pickLocation(found.locations, body.location, 'location')

    const movement = {
      kind: 'REBUT' as const,
      product_id: product.id,
      from_location_id: location.id,
      quantity: body.quantity,
      user_id: user.id,
      // The ledger keeps the label: the movement still reads right if a reason is renamed later.
      reason: reason.label,
    }
    return insertMovements(
      [movement],
      ([id]) => ({
        movement: {
          id: id as number,
          product: productView(product),
          location: location.name,
          quantity: body.quantity,
          reason: { id: reason.id, label: reason.label },
        },
      }),
      // Goods leave the location: it is locked before its stock is read (see kernel/locks.ts).
      {
        lock: [location.id],
        location: location.id,
        need: new Map([[product.id, body.quantity]]),
        refuse: (available) =>
          stockConflict(
            STOCK_MESSAGES.insufficient(body.code, location.name, available.get(product.id) ?? 0),
            'quantity',
          ),
      },
    )
  })
}
