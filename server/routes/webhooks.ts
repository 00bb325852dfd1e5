/**
 * A shop's webhook endpoints through its API key (issue 34, docs/webhooks.md): thin handlers over
 * server/webhooks/. The key is the shop; an endpoint of another shop is not found.
 */
import type { endpoints } from '../../contract/endpoints.ts'
import type { Handler } from '../http/register.ts'
import { invalid } from '../http/errors.ts'
import { listDeliveries, redeliver, sendTest } from '../webhooks/deliveries.ts'
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
} from '../webhooks/endpoints.ts'

type E = typeof endpoints

export const REDELIVER_MESSAGE = 'Donnez eventId (un événement) ou failedSince (les échecs depuis une date).'

export const shopWebhookList: Handler<E['shopWebhookList']> = async ({ db, shop }) => ({
  webhooks: await listEndpoints(db, shop.shopId),
})

export const shopWebhookCreate: Handler<E['shopWebhookCreate']> = async ({ db, shop, body, reply }) => {
  const answer = await db.transaction().execute((trx) => createEndpoint(trx, shop.shopId, body))
  reply.code(201)
  return answer
}

export const shopWebhookUpdate: Handler<E['shopWebhookUpdate']> = ({ db, shop, params, body }) =>
  db.transaction().execute((trx) => updateEndpoint(trx, shop.shopId, params.id, body))

export const shopWebhookDelete: Handler<E['shopWebhookDelete']> = async ({ db, shop, params }) => {
  await deleteEndpoint(db, shop.shopId, params.id)
  return { deleted: true as const }
}

export const shopWebhookRotate: Handler<E['shopWebhookRotate']> = ({ db, shop, params }) =>
  rotateSecret(db, shop.shopId, params.id)

export const shopWebhookTest: Handler<E['shopWebhookTest']> = async ({ db, shop, params }) => {
  await getEndpoint(db, shop.shopId, params.id)
  return { delivery: await db.transaction().execute((trx) => sendTest(trx, shop.shopId, params.id)) }
}

export const shopWebhookDeliveries: Handler<E['shopWebhookDeliveries']> = async ({
  db,
  shop,
  params,
  query,
}) => {
  await getEndpoint(db, shop.shopId, params.id)
  return listDeliveries(db, params.id, query)
}

export const shopWebhookRedeliver: Handler<E['shopWebhookRedeliver']> = async ({
  db,
  shop,
  params,
  body,
}) => {
  if (!body.eventId && !body.failedSince) throw invalid(REDELIVER_MESSAGE)
  await getEndpoint(db, shop.shopId, params.id)
  return { queued: await redeliver(db, params.id, body) }
}
