/**
 * The global search's look-up (`GET /rest/search/lookup`, contract/endpoints/search.ts): the exact
 * codes a text names, as typed or in capitals (a handheld's keyboard, a label read aloud), in the
 * user's shops, and only the kinds whose screen the user's roles open. Each kind is one indexed
 * equality probe; a location names no shop (it holds every shop's goods), so it is found for
 * anyone who may open the stock screens.
 */
import type { EndpointDef, LookupHit } from '../../contract/index.ts'
import { endpoints } from '../../contract/endpoints.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import { authorize } from '../http/authorize.ts'

/**
 * Whether the user may call the endpoint behind a hit's screen, by the rule every call is authorised
 * by (http/authorize.ts: an admin needs the roles too, unless the endpoint waives them); the shop
 * is checked by each probe.
 */
const opens = (user: AuthUser, { roles, warehouse, orAdmin }: EndpointDef) =>
  authorize({ roles, warehouse, orAdmin }, user, {}) === null

export async function lookup(db: Db, user: AuthUser, q: string): Promise<LookupHit[]> {
  const codes = [...new Set([q.trim(), q.trim().toUpperCase()])]
  const shops = [...user.shops]
  const orders = opens(user, endpoints.orderDetail) && shops.length > 0
  const stock = opens(user, endpoints.productInfo)
  const none = Promise.resolve([] as LookupHit[])
  const found = await Promise.all([
    orders ? byOrderName(db, codes, shops) : none,
    orders ? byTracking(db, codes, shops) : none,
    orders ? byCrate(db, codes, shops) : none,
    stock && shops.length > 0 ? byProduct(db, codes, shops) : none,
    stock ? byLocation(db, codes) : none,
  ])
  return found.flat()
}

const shopOf = (r: { slug: string; shopName: string }) => ({ slug: r.slug, name: r.shopName })

async function byOrderName(db: Db, codes: string[], shops: string[]): Promise<LookupHit[]> {
  const rows = await db
    .selectFrom('orders')
    .innerJoin('shops', 'shops.id', 'orders.shop_id')
    .select(['orders.name', 'orders.customer_name', 'shops.slug', 'shops.name as shopName'])
    .where('orders.name', 'in', codes)
    .where('shops.slug', 'in', shops)
    .orderBy('orders.id', 'desc')
    .limit(5)
    .execute()
  return rows.map((r) => ({
    kind: 'order',
    code: r.name,
    label: r.customer_name,
    order: r.name,
    shop: shopOf(r),
  }))
}

async function byTracking(db: Db, codes: string[], shops: string[]): Promise<LookupHit[]> {
  const rows = await db
    .selectFrom('tracking_numbers as t')
    .innerJoin('parcels as p', 'p.id', 't.parcel_id')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .innerJoin('shops', 'shops.id', 'o.shop_id')
    .select(['t.number', 'o.name as order', 'o.customer_name', 'shops.slug', 'shops.name as shopName'])
    .where('t.number', 'in', codes)
    .where('shops.slug', 'in', shops)
    .orderBy('t.id', 'desc')
    .limit(5)
    .execute()
  return rows.map((r) => ({
    kind: 'tracking',
    code: r.number,
    label: r.customer_name,
    order: r.order,
    shop: shopOf(r),
  }))
}

/** A crate with the order it holds or held last; one of another shop's orders is not shown. */
async function byCrate(db: Db, codes: string[], shops: string[]): Promise<LookupHit[]> {
  const rows = await db
    .selectFrom('totes')
    .leftJoin('orders as o', 'o.id', 'totes.order_id')
    .leftJoin('shops', 'shops.id', 'o.shop_id')
    .select(['totes.code', 'o.name as order', 'o.customer_name', 'shops.slug', 'shops.name as shopName'])
    .where('totes.code', 'in', codes)
    .execute()
  return rows.map((r) =>
    r.order !== null && r.slug !== null && r.shopName !== null && shops.includes(r.slug)
      ? {
          kind: 'crate',
          code: r.code,
          label: r.customer_name ?? '',
          order: r.order,
          shop: shopOf({ slug: r.slug, shopName: r.shopName }),
        }
      : { kind: 'crate', code: r.code, label: '', order: null, shop: null },
  )
}

async function byProduct(db: Db, codes: string[], shops: string[]): Promise<LookupHit[]> {
  const rows = await db
    .selectFrom('products')
    .innerJoin('shops', 'shops.id', 'products.shop_id')
    .select(['products.sku', 'products.name', 'shops.slug', 'shops.name as shopName'])
    .where((eb) => eb.or([eb('products.sku', 'in', codes), eb('products.ean13', 'in', codes)]))
    .where('shops.slug', 'in', shops)
    .orderBy('shops.id')
    .limit(5)
    .execute()
  return rows.map((r) => ({ kind: 'product', code: r.sku, label: r.name, order: null, shop: shopOf(r) }))
}

async function byLocation(db: Db, codes: string[]): Promise<LookupHit[]> {
  const rows = await db.selectFrom('locations').select('name').where('name', 'in', codes).limit(1).execute()
  return rows.map((r) => ({ kind: 'location', code: r.name, label: '', order: null, shop: null }))
}
