/** Shops (issue 16): slug, name and code. Their catalogue comes from a CSV: products-import.ts. */
import type { AdminShop, AdminShopBody } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { conflict } from '../http/errors.ts'
import { type Actor, adminChange, found, uniquely } from './audit.ts'
import { ADMIN_MESSAGES } from './errors.ts'

export async function listShops(db: Db, id?: number): Promise<AdminShop[]> {
  let query = db
    .selectFrom('shops')
    .select((eb) => [
      'id',
      'slug',
      'name',
      'code',
      eb
        .selectFrom('products')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('products.shop_id', '=', 'shops.id')
        .as('products'),
    ])
    .orderBy('id')
  if (id !== undefined) query = query.where('id', '=', id)
  return (await query.execute()).map((s) => ({ ...s, products: Number(s.products ?? 0) }))
}

export const shopById = async (db: Db, id: number) =>
  found(await listShops(db, id), ADMIN_MESSAGES.shopNotFound)

const shopUnique = (body: AdminShopBody) => ({
  shops_slug_key: ['slug', ADMIN_MESSAGES.slugTaken(body.slug)] as const,
  shops_code_key: ['code', ADMIN_MESSAGES.codeTaken(body.code)] as const,
})

/**
 * The slug is in the address of the shop's calls, those the handhelds' outboxes keep for replay
 * included: once the shop has products or orders, renaming it would turn queued writes into
 * refusals. Its name and code may change.
 */
const hasOrders = async (db: Db, shopId: number) =>
  (await db.selectFrom('orders').select('id').where('shop_id', '=', shopId).limit(1).execute()).length > 0

export async function createShop(db: Db, actor: Actor, body: AdminShopBody): Promise<AdminShop> {
  return adminChange(db, actor, 'shop', async (trx) => {
    const { id } = await uniquely(
      () => trx.insertInto('shops').values(body).returning('id').executeTakeFirstOrThrow(),
      shopUnique(body),
    )
    return { key: body.slug, action: 'create', before: null, after: await shopById(trx, id) }
  })
}

export async function updateShop(db: Db, actor: Actor, id: number, body: AdminShopBody): Promise<AdminShop> {
  return adminChange(db, actor, 'shop', async (trx) => {
    const before = await shopById(trx, id)
    if (body.slug !== before.slug && (before.products > 0 || (await hasOrders(trx, id))))
      throw conflict(ADMIN_MESSAGES.slugKept(before.slug), 'slug')
    await uniquely(() => trx.updateTable('shops').set(body).where('id', '=', id).execute(), shopUnique(body))
    const after = await shopById(trx, id)
    return { key: after.slug, action: 'update', before, after }
  })
}
