/**
 * Stock information (docs/specification.md §7.4, §7.5): read-only views of the ledger for the location and
 * product-information screens. Only products of the user's shops are ever shown.
 */
import type { Kysely } from 'kysely'
import type { endpoints } from '../../contract/endpoints.ts'
import type { Database } from '../db/schema.ts'
import type { Handler } from '../http/register.ts'
import { MESSAGES } from '../http/errors.ts'
import { ERROR_CODES } from '../../contract/index.ts'
import { refusal, STOCK_MESSAGES, stockForbidden, stockNotFound } from '../kernel/errors.ts'
import {
  locationsByName,
  matches,
  pickLocation,
  pickProduct,
  type ProductRow,
  productsByCode,
} from '../stock/resolve.ts'

export { productSearch } from './stock-info-search.ts'

type E = typeof endpoints

/** What a location holds of the given shops' products, quantity > 0, by SKU. */
async function locationContent(db: Kysely<Database>, name: string, shops: readonly string[]) {
  const location = pickLocation(await locationsByName(db, [name]), name, 'location')
  if (shops.length === 0) return { name: location.name, stock: [] }
  const rows = await db
    .selectFrom('stock_levels')
    .innerJoin('products', 'products.id', 'stock_levels.product_id')
    .innerJoin('shops', 'shops.id', 'products.shop_id')
    .select([
      'products.sku',
      'products.ean13',
      'products.name',
      'shops.slug',
      'shops.name as shopName',
      'stock_levels.quantity',
    ])
    .where('stock_levels.location_id', '=', location.id)
    .where('stock_levels.quantity', '>', 0)
    .where('shops.slug', 'in', [...shops])
    .orderBy('products.sku')
    .execute()
  return {
    name: location.name,
    stock: rows.map((r) => ({
      sku: r.sku,
      ean13: r.ean13,
      name: r.name,
      shop: { slug: r.slug, name: r.shopName },
      quantity: Number(r.quantity),
    })),
  }
}

export const locationInformation: Handler<E['locationInformation']> = async ({ db, params, user }) =>
  locationContent(db, params.locationName, user.shops)

export const locationStock: Handler<E['locationStock']> = async ({ db, body, user }) =>
  locationContent(db, body.location, user.shops)

export const shopLocationStock: Handler<E['shopLocationStock']> = async ({ db, params }) =>
  locationContent(db, params.locationSlug, [params.slug])

/** A product's stock per location (quantity > 0, by location name) and its total. */
async function stockByLocation(db: Kysely<Database>, productId: number) {
  const rows = await db
    .selectFrom('stock_levels')
    .innerJoin('locations', 'locations.id', 'stock_levels.location_id')
    .select(['locations.name as location', 'stock_levels.quantity'])
    .where('stock_levels.product_id', '=', productId)
    .where('stock_levels.quantity', '>', 0)
    .orderBy('locations.name')
    .execute()
  const byLocation = rows.map((r) => ({ location: r.location, quantity: Number(r.quantity) }))
  return { byLocation, total: byLocation.reduce((sum, r) => sum + r.quantity, 0) }
}

const productOut = (p: ProductRow) => ({ id: p.id, sku: p.sku, ean13: p.ean13, name: p.name })

/**
 * The last 20 movements of a product, newest first by the date the screen shows (validated_at: a
 * write validated offline and received later sits at its validation time, not at its arrival's
 * id), then by id for movements of the same instant.
 */
async function lastMovements(db: Kysely<Database>, productId: number) {
  const rows = await db
    .selectFrom('stock_movements as m')
    .leftJoin('locations as lf', 'lf.id', 'm.from_location_id')
    .leftJoin('locations as lt', 'lt.id', 'm.to_location_id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.kind',
      'm.quantity',
      'm.reason',
      'm.created_at',
      'm.validated_at',
      'lf.name as from',
      'lt.name as to',
      'u.display_name as user',
    ])
    .where('m.product_id', '=', productId)
    .orderBy('m.validated_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(20)
    .execute()
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    quantity: r.quantity,
    from: r.from,
    to: r.to,
    at: new Date(r.created_at).toISOString(),
    validatedAt: new Date(r.validated_at).toISOString(),
    user: r.user,
    reason: r.reason,
  }))
}

/**
 * The refusal of a code that names no product of this shop but one of another: the shop's name when
 * the user works for it (as the location screen shows it), else only that it is none of theirs.
 */
async function productElsewhere(
  db: Kysely<Database>,
  found: readonly ProductRow[],
  code: string,
  shops: readonly string[],
) {
  const elsewhere = found.filter((p) => matches(p, code)).map((p) => p.shopSlug)
  if (elsewhere.length === 0) return stockNotFound(STOCK_MESSAGES.unknownProduct(code), 'code')
  const mine = elsewhere.filter((slug) => shops.includes(slug))
  const named =
    mine.length === 0
      ? []
      : await db.selectFrom('shops').select('name').where('slug', 'in', mine).orderBy('id').execute()
  const message = named[0]
    ? STOCK_MESSAGES.productOfShop(code, named.map((s) => s.name).join(', '))
    : STOCK_MESSAGES.foreignProduct(code)
  return refusal(404, ERROR_CODES.otherShop, message, 'code')
}

export const productInfo: Handler<E['productInfo']> = async ({ db, params, body, user }) => {
  const found = await productsByCode(db, [body.code])
  const product = found.find((p) => matches(p, body.code) && p.shopSlug === params.slugShop)
  if (!product) throw await productElsewhere(db, found, body.code, user.shops)
  const { byLocation, total } = await stockByLocation(db, product.id)
  return {
    product: productOut(product),
    stock: byLocation,
    total,
    movements: await lastMovements(db, product.id),
  }
}

export const productQuantity: Handler<E['productQuantity']> = async ({ db, params }) => {
  const id = Number(params.shopProduct)
  const product = await db
    .selectFrom('products')
    .innerJoin('shops', 'shops.id', 'products.shop_id')
    .select('products.id')
    .where('products.id', '=', id)
    .where('shops.slug', '=', params.slugShop)
    .executeTakeFirst()
  if (!product) throw stockNotFound(STOCK_MESSAGES.unknownProduct(params.shopProduct))
  return { productId: product.id, ...(await stockByLocation(db, product.id)) }
}

export const productInfoInventory: Handler<E['productInfoInventory']> = async ({ db, body, user }) => {
  if (!user.shops.includes(body.shop)) throw stockForbidden(MESSAGES.shopForbidden(body.shop), 'shop')
  const product = pickProduct(await productsByCode(db, [body.code]), body.code, [body.shop], 'code', 'shop')
  return { product: productOut(product), ...(await stockByLocation(db, product.id)) }
}
