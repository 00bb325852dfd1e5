/**
 * Transfer / put-away (docs/specification.md §7.4): goods move from one location to another, warehouse-wide, for
 * products of any shop the user works for. Both locations are locked before the stock is read,
 * so a quantity never goes negative even when two handhelds move the last unit at once.
 */
import type { Kysely } from 'kysely'
import type { endpoints } from '../../contract/endpoints.ts'
import type { Database } from '../db/schema.ts'
import type { Handler } from '../http/register.ts'
import { STOCK_MESSAGES, stockConflict, stockForbidden, stockInvalid } from '../kernel/errors.ts'
import { type StockCheck, stockWrite } from '../stock/idempotency.ts'
import { pickLocation, pickProduct, type ProductRow, productView } from '../stock/resolve.ts'

type E = typeof endpoints

interface Move {
  product: ProductRow
  /** What the user scanned, for the messages. */
  code: string
  quantity: number
  /** The first line of the body with this product (none for the whole content): where a refusal goes. */
  line?: number
}

export const warehouseTransfer: Handler<E['warehouseTransfer']> = async (ctx) => {
  const { body, user } = ctx
  const hasLines = body.lines !== undefined
  if (hasLines === (body.all === true)) throw stockInvalid(STOCK_MESSAGES.linesOrAll, 'lines')
  if (body.from === body.to) throw stockInvalid(STOCK_MESSAGES.sameLocation, 'to')

  // Products are looked up with the locations (one statement), but refused only after the
  // locations, as before: an unknown location is named first.
  const what = { locations: [body.from, body.to], codes: body.lines?.map((l) => l.code) ?? [] }
  return stockWrite(
    ctx,
    what,
    async ({ found: { locations, products: found }, insertMovements, lockAndRead, db }) => {
      const from = pickLocation(locations, body.from, 'from')
      const to = pickLocation(locations, body.to, 'to')
      // Both locations are locked, then the origin's stock read (one round trip: kernel/locks.ts), in
      // the write itself for lines, before it for the whole content.
      const locked = [from.id, to.id]

      let moves: Move[]
      /** With lines: the stock check that insertMovements makes under the locks, before writing. */
      let check: StockCheck | undefined
      if (body.lines) {
        // The same product scanned on two lines is one quantity to check against the stock.
        const byProduct = new Map<number, Move>()
        body.lines.forEach((line, i) => {
          const product = pickProduct(found, line.code, user.shops, `lines.${i}.code`, 'user')
          const move = byProduct.get(product.id)
          if (move) move.quantity += line.quantity
          else byProduct.set(product.id, { product, code: line.code, quantity: line.quantity, line: i })
        })
        moves = [...byProduct.values()]
        check = {
          lock: locked,
          location: from.id,
          need: new Map(moves.map((m) => [m.product.id, m.quantity])),
          // The first line short of stock, in the order scanned, named so the screen marks that line.
          refuse: (available) => {
            const short = moves.find((m) => (available.get(m.product.id) ?? 0) < m.quantity) ?? moves[0]
            const have = short ? (available.get(short.product.id) ?? 0) : 0
            const message = STOCK_MESSAGES.insufficient(short?.code ?? '', from.name, have)
            return stockConflict(message, short?.line === undefined ? 'from' : `lines.${short.line}.code`)
          },
        }
      } else {
        const held = await lockAndRead(locked, from.id)
        moves = await wholeContent(db(), held, from.name, user.shops)
      }

      return insertMovements(
        moves.map((m) => ({
          kind: 'TRANSFER' as const,
          product_id: m.product.id,
          from_location_id: from.id,
          to_location_id: to.id,
          quantity: m.quantity,
          user_id: user.id,
        })),
        (ids) => ({
          movements: moves.map((m, i) => ({
            id: ids[i] as number,
            product: productView(m.product),
            from: from.name,
            to: to.name,
            quantity: m.quantity,
          })),
        }),
        check,
      )
    },
  )
}

/** Everything a location holds, refused whole when part of it belongs to a shop the user does not work for. */
async function wholeContent(
  db: Kysely<Database>,
  stock: ReadonlyMap<number, number>,
  locationName: string,
  shops: readonly string[],
): Promise<Move[]> {
  if (stock.size === 0) throw stockConflict(STOCK_MESSAGES.emptyLocation(locationName), 'from')
  const products = await db
    .selectFrom('products')
    .innerJoin('shops', 'shops.id', 'products.shop_id')
    .select(['products.id', 'products.sku', 'products.ean13', 'products.name', 'shops.slug as shopSlug'])
    .where('products.id', 'in', [...stock.keys()])
    .orderBy('products.sku')
    .execute()
  if (products.some((p) => !shops.includes(p.shopSlug)))
    throw stockForbidden(STOCK_MESSAGES.foreignStock(locationName), 'from')
  return products.map((p) => ({ product: p, code: p.sku, quantity: stock.get(p.id) ?? 0 }))
}
