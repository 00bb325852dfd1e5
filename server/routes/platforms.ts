/**
 * Orders straight from Shopify and WooCommerce (issue 34, docs/platforms.md): the stores' signed
 * webhooks, and each shop's platform and delivery log in the admin area (changes audited; the
 * secret is never written to the history).
 */
import type { endpoints } from '../../contract/endpoints.ts'
import { adminChange } from '../admin/audit.ts'
import { shopById } from '../admin/shops.ts'
import type { Handler } from '../http/register.ts'
import { receiveDelivery } from '../platforms/receive.ts'
import { replayDelivery } from '../platforms/replay.ts'
import { listFulfilments, resendFulfilment } from '../platforms/sending.ts'
import { listPlatformDeliveries, readPlatform, savePlatform } from '../platforms/settings.ts'

type E = typeof endpoints

export const platformWebhook: Handler<E['platformWebhook']> = async ({ db, platform }) => {
  if (platform === 'ping')
    return { result: 'ignored', reason: "Essai d'adresse de WooCommerce : l'adresse répond." }
  const received = await receiveDelivery(db, platform)
  return {
    result: received.result,
    ...(received.reason && { reason: received.reason }),
    ...(received.order && { order: received.order }),
  }
}

export const adminShopPlatform: Handler<E['adminShopPlatform']> = async ({ db, params }) =>
  readPlatform(db, await shopById(db, params.id))

export const adminShopPlatformSave: Handler<E['adminShopPlatformSave']> = ({ db, user, params, body }) =>
  adminChange(db, user, 'platform', async (trx) => {
    const shop = await shopById(trx, params.id)
    const before = await readPlatform(trx, shop)
    const after = await savePlatform(trx, shop, body)
    return { key: shop.slug, action: before.platform ? 'update' : 'create', before, after }
  })

export const adminShopPlatformDeliveries: Handler<E['adminShopPlatformDeliveries']> = async ({
  db,
  params,
  query,
}) => {
  await shopById(db, params.id)
  return listPlatformDeliveries(db, params.id, query.before)
}

export const adminShopPlatformReplay: Handler<E['adminShopPlatformReplay']> = async ({ db, params }) => {
  await shopById(db, params.id)
  return replayDelivery(db, params.id, params.deliveryId)
}

export const adminShopPlatformFulfilments: Handler<E['adminShopPlatformFulfilments']> = async ({
  db,
  params,
  query,
}) => {
  await shopById(db, params.id)
  return listFulfilments(db, params.id, query.before)
}

export const adminShopPlatformFulfilmentResend: Handler<E['adminShopPlatformFulfilmentResend']> = async ({
  db,
  params,
}) => {
  await shopById(db, params.id)
  return resendFulfilment(db, params.id, params.orderId)
}
