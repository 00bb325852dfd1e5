/**
 * Demo shops, products (valid EAN-13), warehouse locations and the initial stock, which enters
 * through RECEPTION movements of the ledger like any real stock would.
 */
import type { Db } from '../connect.ts'
import type { LocationKind, NewStockMovement } from '../schema.ts'
import { demoEan13 } from './ean.ts'
import { productPacking } from './shipping.ts'
import { DEMO_SHOPS } from './shops.ts'

/** Special locations: where goods wait between steps. */
const SPECIAL_LOCATIONS: readonly { name: string; kind: LocationKind }[] = [
  { name: 'RECEPTION', kind: 'reception' },
  { name: 'EXPEDITION', kind: 'shipping' },
  { name: 'REBUT', kind: 'scrap' },
  { name: 'RETOURS', kind: 'returns' },
]

/** Storage names aisle-bay-level-position: A-01-02-03. 5 x 6 x 4 x 3 = 360 places. */
export function storageLocationNames(): string[] {
  const names: string[] = []
  const pad = (n: number) => String(n).padStart(2, '0')
  for (const aisle of ['A', 'B', 'C', 'D', 'E'])
    for (let bay = 1; bay <= 6; bay++)
      for (let level = 1; level <= 4; level++)
        for (let position = 1; position <= 3; position++)
          names.push(`${aisle}-${pad(bay)}-${pad(level)}-${pad(position)}`)
  return names
}

export interface SeededProduct {
  id: number
  shopId: number
  /** The shop's SKU: what its orders name (seed/intake.ts). */
  sku: string
  /** Where its stock was put away, and how much: orders pick from here. */
  locationId: number | null
  quantity: number
}

export interface Catalog {
  shopIdsBySlug: Map<string, number>
  productsByShop: Map<number, SeededProduct[]>
  locationIds: Map<string, number>
}

/** `boxIds`: the box types' ids by code (seedBoxTypes), for each product's default box. */
export async function seedCatalog(trx: Db, at: Date, boxIds: ReadonlyMap<string, number>): Promise<Catalog> {
  const shops = await trx
    .insertInto('shops')
    .values(DEMO_SHOPS.map(({ slug, name, code }) => ({ slug, name, code })))
    .returning(['id', 'slug'])
    .execute()
  const shopIdsBySlug = new Map(shops.map((s) => [s.slug, s.id]))

  const productRows = DEMO_SHOPS.flatMap((shop, shopIndex) =>
    shop.items.flatMap((item, i) =>
      shop.variants.map((variant, v) => {
        const counter = i * shop.variants.length + v + 1
        const packing = productPacking(item, v)
        return {
          shop_id: shopIdsBySlug.get(shop.slug) as number,
          sku: `${shop.code}-${String(counter).padStart(4, '0')}`,
          ean13: demoEan13(shopIndex + 1, counter),
          name: `${item} ${variant}`,
          weight_grams: packing.grams,
          default_box_type_id: boxIds.get(packing.box) ?? null,
        }
      }),
    ),
  )
  const products = await trx
    .insertInto('products')
    .values(productRows)
    .returning(['id', 'shop_id', 'sku'])
    .execute()

  const storage = storageLocationNames()
  const locations = await trx
    .insertInto('locations')
    .values([...SPECIAL_LOCATIONS, ...storage.map((name) => ({ name, kind: 'storage' as const }))])
    .returning(['id', 'name'])
    .execute()
  const locationIds = new Map(locations.map((l) => [l.name, l.id]))
  const storageId = (index: number) => locationIds.get(storage[index % storage.length] as string) as number

  // The initial stock came in a month ago: before every demo order and its picks.
  const stockedAt = new Date(at.getTime() - 30 * 24 * 3_600_000)
  const movements: NewStockMovement[] = []
  const productsByShop = new Map<number, SeededProduct[]>()
  products.forEach((product, i) => {
    const seeded: SeededProduct = {
      id: product.id,
      shopId: product.shop_id,
      sku: product.sku,
      locationId: null,
      quantity: 0,
    }
    const list = productsByShop.get(product.shop_id) ?? []
    list.push(seeded)
    productsByShop.set(product.shop_id, list)
    // Every 15th product is out of stock, so screens can show that case.
    if (i % 15 === 14) return
    const reception = (to: number, quantity: number) =>
      movements.push({
        kind: 'RECEPTION',
        product_id: product.id,
        to_location_id: to,
        quantity,
        reason: 'Stock initial',
        created_at: stockedAt,
        validated_at: stockedAt,
      })
    // 37 is prime to 360: products spread over the aisles instead of filling A first.
    seeded.locationId = storageId(i * 37)
    seeded.quantity = 5 + ((i * 13) % 40)
    reception(seeded.locationId, seeded.quantity)
    if (i % 4 === 0) reception(storageId(i * 37 + 180), 2 + (i % 6))
    // A few deliveries still wait on the reception dock to be put away.
    if (i % 20 === 3) reception(locationIds.get('RECEPTION') as number, 3 + (i % 5))
  })
  await trx.insertInto('stock_movements').values(movements).execute()
  return { shopIdsBySlug, productsByShop, locationIds }
}
