/**
 * A shop's webhook endpoints through its API key (issue 34, docs/webhooks.md): thin handlers over
 * server/webhooks/. The key is the shop; an endpoint of another shop is not found. Answered in the
 * language the shop asks for (Accept-Language, as every shop call).
 */
import type { endpoints } from '../../contract/endpoints.ts'
import type { Handler } from '../http/register.ts'
import { invalid } from '../http/errors.ts'
import { shopLanguage } from '../shop-api/language.ts'
import { listDeliveries, redeliver, sendTest } from '../webhooks/deliveries.ts'
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
} from '../webhooks/endpoints.ts'
import { webhookMessages } from '../webhooks/messages.ts'

type E = typeof endpoints

export const shopWebhookList: Handler<E['shopWebhookList']> = async ({ db, shop }) => ({
  webhooks: await listEndpoints(db, shop.shopId),
})

export const shopWebhookCreate: Handler<E['shopWebhookCreate']> = async ({
  db,
  shop,
  body,
  reply,
  request,
}) => {
  const language = shopLanguage(request)
  const answer = await db.transaction().execute((trx) => createEndpoint(trx, shop.shopId, body, language))
  reply.code(201)
  return answer
}

export const shopWebhookUpdate: Handler<E['shopWebhookUpdate']> = ({ db, shop, params, body, request }) =>
  db.transaction().execute((trx) => updateEndpoint(trx, shop.shopId, params.id, body, shopLanguage(request)))

export const shopWebhookDelete: Handler<E['shopWebhookDelete']> = async ({ db, shop, params, request }) => {
  await deleteEndpoint(db, shop.shopId, params.id, shopLanguage(request))
  return { deleted: true as const }
}

export const shopWebhookRotate: Handler<E['shopWebhookRotate']> = ({ db, shop, params, request }) =>
  rotateSecret(db, shop.shopId, params.id, shopLanguage(request))

export const shopWebhookTest: Handler<E['shopWebhookTest']> = async ({ db, shop, params, request }) => {
  const language = shopLanguage(request)
  await getEndpoint(db, shop.shopId, params.id, language)
  return {
    delivery: await db.transaction().execute((trx) => sendTest(trx, shop.shopId, params.id, language)),
  }
}

export const shopWebhookDeliveries: Handler<E['shopWebhookDeliveries']> = async ({
  db,
  shop,
  params,
  query,
  request,
}) => {
  await getEndpoint(db, shop.shopId, params.id, shopLanguage(request))
  return listDeliveries(db, params.id, query)
}

export const shopWebhookRedeliver: Handler<E['shopWebhookRedeliver']> = async ({
  db,
  shop,
  params,
  body,
  request,
}) => {
  const language = shopLanguage(request)
  if (!body.eventId && !body.failedSince) throw invalid(webhookMessages(language).redeliver)
  await getEndpoint(db, shop.shopId, params.id, language)
  return { queued: await redeliver(db, params.id, body, language) }
}
