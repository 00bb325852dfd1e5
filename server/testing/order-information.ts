/**
 * Shared by the order information tests: the app the search and detail tests run on, orders of
 * known customers and ages (the demo's 2,000 are there too, so each test names what only it made),
 * a product of its own, and the three calls as one user.
 */
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { PickingType } from '../../contract/index.ts'
import { upsGroup } from './carrier-slips.ts'
import type { Db } from '../db/connect.ts'
import { ean13CheckDigit } from '../db/seed/ean.ts'
import { pickedOrder, type TestOrder } from './packaging.ts'
import { bearer, createTestApp, removeShop, type TestApp, tokenFor } from './app.ts'

export interface CustomerOrder {
  shop?: string
  customer?: string
  email?: string | null
  /** Hours before now it was created. */
  age?: number
  lines?: Record<string, number | readonly [number, number]>
  type?: PickingType
  /** The shop's reference, and the ship-to's postcode and town. */
  reference?: string
  postcode?: string
  city?: string
}

/** A picked order of the shop, of this customer, created `age` hours ago. */
export async function customerOrder(db: Db, o: CustomerOrder = {}): Promise<TestOrder> {
  const { shop = 'maison-lumiere', lines = { [shop === 'atelier-velo' ? 'AV-0001' : 'ML-0001']: 1 } } = o
  const order = await pickedOrder(db, lines, { shop, ...(o.type && { type: o.type }) })
  const createdAt = new Date(Date.now() - (o.age ?? 1) * 3_600_000)
  await sql`update orders set customer_name = ${o.customer ?? 'Client Test'}, customer_email = ${o.email ?? null},
                              created_at = ${createdAt}, external_ref = coalesce(${o.reference ?? null}, external_ref),
                              ship_postcode = coalesce(${o.postcode ?? null}, ship_postcode),
                              ship_city = coalesce(${o.city ?? null}, ship_city)
             where id = ${order.id}`.execute(db)
  return order
}

let products = 0

/** A product of the shop with a fresh EAN-13 (or the one given), SKU `<code>-T<n>`. */
export async function testProduct(
  db: Db,
  shop: string,
  ean?: string,
): Promise<{ sku: string; ean13: string }> {
  const row = await db
    .selectFrom('shops')
    .select(['id', 'code'])
    .where('slug', '=', shop)
    .executeTakeFirstOrThrow()
  const n = ++products
  const first12 = `29900000${String(n).padStart(4, '0')}`
  const ean13 = ean ?? first12 + String(ean13CheckDigit(first12))
  const sku = `${row.code}-T${String(n).padStart(3, '0')}`
  await db
    .insertInto('products')
    .values({ shop_id: row.id, sku, ean13, name: `Produit test ${n}` })
    .execute()
  return { sku, ean13 }
}

/** The order information calls as the given headers' user. */
export function information(app: FastifyInstance, headers: Record<string, string>) {
  return {
    search: (q: string, shop?: string, as = headers) =>
      app.inject({
        method: 'GET',
        url: '/rest/order/information',
        query: { q, ...(shop && { shop }) },
        headers: as,
      }),
    detail: (order: string, as = headers) =>
      app.inject({ method: 'GET', url: `/rest/order/${encodeURIComponent(order)}/information`, headers: as }),
    files: (order: string, as = headers) =>
      app.inject({
        method: 'GET',
        url: `/rest/order/${encodeURIComponent(order)}/customization-files`,
        headers: as,
      }),
    /** Fetches a signed document link, without the Bearer header, as an <img> or the agent does. */
    document: (url: string) => app.inject({ method: 'GET', url: new URL(url).pathname }),
  }
}

export type Information = ReturnType<typeof information>

/**
 * A test app where 'retours' (ReturnProduct, Print) asks, working for every shop but Atelier Vélo,
 * 'expedition' (Shipping) packs and labels, and UPS has its slip group (carrier-slips.ts).
 */
export async function informationApp(): Promise<{
  t: TestApp
  info: Information
  shipper: Record<string, string>
}> {
  const t = await createTestApp()
  await removeShop(t.db, 'retours', 'atelier-velo')
  const info = information(t.app, bearer(await tokenFor(t.app, 'retours')))
  const shipper = bearer(await tokenFor(t.app, 'expedition'))
  await upsGroup(t.db)
  return { t, info, shipper }
}
