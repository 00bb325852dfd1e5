/**
 * Reception (docs/specification.md §7.4): goods of one shop enter the warehouse, one RECEPTION movement per line;
 * with `expected`, the units are also counted against that expected reception, in the same write (docs/stock.md).
 */
import type { endpoints } from '../../contract/endpoints.ts'
import type { Handler } from '../http/register.ts'
import { receiveAgainst } from '../receptions/receive.ts'
import { stockWrite } from '../stock/idempotency.ts'
import { pickLocation, pickProduct, productView } from '../stock/resolve.ts'

type E = typeof endpoints

export const receptionAdd: Handler<E['receptionAdd']> = async (ctx) => {
  const { params, body, user } = ctx
  const what = { codes: body.lines.map((l) => l.code), locations: body.lines.map((l) => l.location) }
  return stockWrite(ctx, what, async (scope) => {
    const { products, locations } = scope.found
    // Resolve every line before writing any: the first refusal names its line (lines.3.code).
    const resolved = body.lines.map((line, i) => ({
      product: pickProduct(products, line.code, [params.slugShop], `lines.${i}.code`, 'shop'),
      location: pickLocation(locations, line.location, `lines.${i}.location`),
      quantity: line.quantity,
    }))
    // Entering goods can only raise a quantity: no location lock is needed here.
    const rows = resolved.map((r) => ({
      kind: 'RECEPTION' as const,
      product_id: r.product.id,
      to_location_id: r.location.id,
      quantity: r.quantity,
      user_id: user.id,
    }))
    const movements = (ids: number[]) =>
      resolved.map((r, i) => ({
        id: ids[i] as number,
        product: productView(r.product),
        location: r.location.name,
        quantity: r.quantity,
      }))
    if (body.expected === undefined)
      return scope.insertMovements(rows, (ids) => ({ movements: movements(ids) }))
    return receiveAgainst(scope, params.slugShop, body.expected, resolved, rows, (ids, expected) => ({
      movements: movements(ids),
      expected,
    }))
  })
}
