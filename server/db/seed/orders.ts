/**
 * Demo orders: for every shop, orders waiting to be picked of each of the eight picking types,
 * plus a few already picked, packed and shipped (their stock left through PICK movements).
 */
import { MONO_PICKING_TYPES, MULTI_PICKING_TYPES, type PickingType } from '../../../contract/index.ts'
import type { Db } from '../connect.ts'
import type { NewStockMovement, OrderStatus } from '../schema.ts'
import type { Catalog, SeededProduct } from './catalog.ts'
import { DEMO_SHOPS } from './shops.ts'

const PICKING_TYPES: readonly PickingType[] = [...MONO_PICKING_TYPES, ...MULTI_PICKING_TYPES]
const CUSTOMERS = [
  'Léa Dubois',
  'Thomas Roux',
  'Manon Lefèvre',
  'Nathan Mercier',
  'Inès Garnier',
  'Jules Faure',
  'Zoé Chevalier',
  'Louis Bonnet',
  'Jade Lambert',
  'Arthur Fontaine',
  'Alice Rousseau',
  'Gabriel Blanc',
]
const ENGRAVINGS = ['Pour Léa', 'Joyeux Noël', 'Merci Maman', 'Bon voyage', 'À Paul, 2024']
const GIFT_MESSAGES = [
  'Joyeux anniversaire !',
  'Avec toute notre affection',
  'Félicitations pour ce nouveau départ',
]
/** Orders already past picking, per shop: two of each status. */
const DONE_STATUSES: readonly OrderStatus[] = ['picked', 'picked', 'packed', 'packed', 'shipped', 'shipped']

interface PlannedOrder {
  shopId: number
  name: string
  type: PickingType
  status: OrderStatus
  lines: { product: SeededProduct; quantity: number }[]
}

export async function seedOrders(trx: Db, catalog: Catalog, at: Date): Promise<void> {
  const carriers = await trx.selectFrom('carriers').select(['id', 'code']).orderBy('id').execute()
  const planned: PlannedOrder[] = []
  let seq = 0

  DEMO_SHOPS.forEach((shop, s) => {
    const shopId = catalog.shopIdsBySlug.get(shop.slug) as number
    const stocked = (catalog.productsByShop.get(shopId) ?? []).filter((p) => p.locationId !== null)
    let number = 100_001
    const plan = (type: PickingType, status: OrderStatus) => {
      seq++
      const lineCount = type.startsWith('multi') ? 2 + (seq % 3) : 1
      const lines: PlannedOrder['lines'] = []
      for (let l = 0; l < lineCount; l++) {
        const quantity = type.startsWith('multi') ? 1 + ((seq + l) % 2) : 1
        // Walk the catalogue from a seq-dependent start; an order already picked takes only
        // products whose shelf still holds enough, so the ledger never goes negative.
        let k = (seq * 11 + l * 5) % stocked.length
        let product = stocked[k] as SeededProduct
        for (
          let tries = 0;
          status !== 'to_pick' && product.quantity < quantity && tries < stocked.length;
          tries++
        ) {
          k = (k + 1) % stocked.length
          product = stocked[k] as SeededProduct
        }
        if (lines.some((line) => line.product === product)) continue
        if (status !== 'to_pick') product.quantity -= quantity
        lines.push({ product, quantity })
      }
      planned.push({ shopId, name: `${shop.code}-${number++}`, type, status, lines })
    }
    DONE_STATUSES.forEach((status, i) =>
      plan(PICKING_TYPES[(s + i * 3) % PICKING_TYPES.length] as PickingType, status),
    )
    // 1 to 3 waiting orders per type, varying by shop so the counts differ between shops.
    PICKING_TYPES.forEach((type, t) => {
      for (let n = 0; n <= (s + t) % 3; n++) plan(type, 'to_pick')
    })
  })

  const orders = await trx
    .insertInto('orders')
    .values(
      planned.map((o, i) => {
        const carrier = carriers[i % carriers.length]
        return {
          shop_id: o.shopId,
          name: o.name,
          picking_type: o.type,
          status: o.status,
          carrier_id: carrier?.id ?? null,
          customer_name: CUSTOMERS[i % CUSTOMERS.length] as string,
          tracking_number:
            o.status === 'shipped'
              ? `${(carrier?.code ?? 'xx').slice(0, 2).toUpperCase()}${String(87_000_000_000 + i * 7919)}`
              : null,
          // Older orders first: minutes apart, the oldest about two days ago.
          created_at: new Date(at.getTime() - (planned.length - i) * 17 * 60_000),
        }
      }),
    )
    .returning(['id', 'name'])
    .execute()
  const orderIds = new Map(orders.map((o) => [o.name, o.id]))

  const picks: NewStockMovement[] = []
  const lines = planned.flatMap((o, i) => {
    const orderId = orderIds.get(o.name) as number
    return o.lines.map((line) => {
      const picked = o.status !== 'to_pick'
      if (picked) {
        picks.push({
          kind: 'PICK',
          product_id: line.product.id,
          from_location_id: line.product.locationId,
          quantity: line.quantity,
          order_id: orderId,
          created_at: at,
        })
      }
      return {
        order_id: orderId,
        product_id: line.product.id,
        quantity: line.quantity,
        picked_quantity: picked ? line.quantity : 0,
        customization: o.type.endsWith('customized') ? (ENGRAVINGS[i % ENGRAVINGS.length] as string) : null,
        gift_message: o.type.endsWith('gift') ? (GIFT_MESSAGES[i % GIFT_MESSAGES.length] as string) : null,
      }
    })
  })
  await trx.insertInto('order_lines').values(lines).execute()
  if (picks.length) await trx.insertInto('stock_movements').values(picks).execute()
}
