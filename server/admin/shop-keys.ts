/**
 * A shop's API keys (issue 33) in the admin area: made with a label and shown once, whole; at most
 * SHOP_KEYS_ACTIVE_MAX active, so a shop moves to a new key before the old one is revoked; revoked
 * at once (the shop API reads the key on every call: shop-api/authenticate.ts). Each creation and
 * revocation is in the admin history, under the shop's slug; the key itself never is.
 */
import {
  type AdminShopOrder,
  SHOP_API_CALLS_PAGE,
  SHOP_ORDERS_PAGE,
  SHOP_KEYS_ACTIVE_MAX,
  type ShopApiCall,
  type ShopKey,
} from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { conflict } from '../http/errors.ts'
import { newKey } from '../shop-api/keys.ts'
import { type Actor, adminChange, found } from './audit.ts'
import { ADMIN_MESSAGES } from './errors.ts'
import { shopById } from './shops.ts'

export async function listShopKeys(db: Db, shopId: number, keyId?: number): Promise<ShopKey[]> {
  let query = db
    .selectFrom('shop_api_keys as k')
    .leftJoin('users as u', 'u.id', 'k.created_by')
    .select(['k.id', 'k.prefix', 'k.label', 'u.username', 'k.created_at', 'k.last_used_at', 'k.revoked_at'])
    .where('k.shop_id', '=', shopId)
    .orderBy('k.id', 'desc')
  if (keyId !== undefined) query = query.where('k.id', '=', keyId)
  return (await query.execute()).map((k) => ({
    id: k.id,
    prefix: `sk_${k.prefix}`,
    label: k.label,
    createdBy: k.username,
    createdAt: k.created_at.toISOString(),
    lastUsedAt: k.last_used_at?.toISOString() ?? null,
    revokedAt: k.revoked_at?.toISOString() ?? null,
  }))
}

const keyById = async (db: Db, shopId: number, keyId: number) =>
  found(await listShopKeys(db, shopId, keyId), ADMIN_MESSAGES.shopKeyNotFound)

export async function createShopKey(
  db: Db,
  actor: Actor,
  shopId: number,
  label: string,
): Promise<{ key: ShopKey; secret: string }> {
  let secret = ''
  const key = await adminChange(db, actor, 'shop-key', async (trx) => {
    const shop = await shopById(trx, shopId)
    const active = await trx
      .selectFrom('shop_api_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('shop_id', '=', shopId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow()
    if (Number(active.n) >= SHOP_KEYS_ACTIVE_MAX)
      throw conflict(ADMIN_MESSAGES.shopKeysFull(SHOP_KEYS_ACTIVE_MAX), 'label')
    const made = newKey()
    secret = made.secret
    const { id } = await trx
      .insertInto('shop_api_keys')
      .values({
        shop_id: shopId,
        prefix: made.prefix,
        secret_sha256: made.sha256,
        label,
        created_by: actor.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { key: shop.slug, action: 'create', before: null, after: await keyById(trx, shopId, id) }
  })
  return { key, secret }
}

export async function revokeShopKey(db: Db, actor: Actor, shopId: number, keyId: number): Promise<ShopKey> {
  return adminChange(db, actor, 'shop-key', async (trx) => {
    const shop = await shopById(trx, shopId)
    const before = await keyById(trx, shopId, keyId)
    await trx
      .updateTable('shop_api_keys')
      .set({ revoked_at: new Date() })
      .where('id', '=', keyId)
      .where('revoked_at', 'is', null)
      .execute()
    return { key: shop.slug, action: 'update', before, after: await keyById(trx, shopId, keyId) }
  })
}

/** The calls made with the shop's keys, newest first, a page before `before` (the last id seen). */
export async function listShopApiCalls(db: Db, shopId: number, before?: number): Promise<ShopApiCall[]> {
  let query = db
    .selectFrom('api_calls as c')
    .innerJoin('shop_api_keys as k', 'k.id', 'c.key_id')
    .select(['c.id', 'c.at', 'k.label', 'c.method', 'c.path', 'c.status', 'c.ms', 'c.refs'])
    .where('c.shop_id', '=', shopId)
    .orderBy('c.id', 'desc')
    .limit(SHOP_API_CALLS_PAGE)
  if (before !== undefined) query = query.where('c.id', '<', String(before))
  return (await query.execute()).map((c) => ({
    id: Number(c.id),
    at: c.at.toISOString(),
    key: c.label,
    method: c.method,
    path: c.path,
    status: c.status,
    ms: c.ms,
    refs: c.refs,
  }))
}

/** The shop's orders, newest first, with where each came from (the API, a CSV, the demo). */
export async function listShopOrders(db: Db, shopId: number, before?: number): Promise<AdminShopOrder[]> {
  let query = db
    .selectFrom('orders')
    .select(['id', 'name', 'external_ref', 'source', 'status', 'created_at'])
    .where('shop_id', '=', shopId)
    .orderBy('id', 'desc')
    .limit(SHOP_ORDERS_PAGE)
  if (before !== undefined) query = query.where('id', '<', before)
  return (await query.execute()).map((o) => ({
    id: o.id,
    name: o.name,
    reference: o.external_ref,
    source: o.source,
    status: o.status,
    createdAt: o.created_at.toISOString(),
  }))
}
