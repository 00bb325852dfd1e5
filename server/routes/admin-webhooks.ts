/**
 * A shop's webhook endpoints in the admin area (issue 34, docs/webhooks.md): the shop API's calls,
 * plus allowPrivate (an on-site system); every change written to the admin history.
 */
import type { endpoints } from '../../contract/endpoints.ts'
import { adminChange } from '../admin/audit.ts'
import { shopById } from '../admin/shops.ts'
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
import { webhookMessages } from '../webhooks/messages.ts'

type E = typeof endpoints
const entity = 'webhook'

export const adminWebhookList: Handler<E['adminWebhookList']> = async ({ db, params }) => {
  await shopById(db, params.id)
  return { webhooks: await listEndpoints(db, params.id) }
}

export const adminWebhookCreate: Handler<E['adminWebhookCreate']> = async ({
  db,
  user,
  params,
  body,
  reply,
}) => {
  let secret = ''
  const webhook = await adminChange(db, user, entity, async (trx) => {
    const shop = await shopById(trx, params.id)
    const made = await createEndpoint(trx, params.id, body)
    secret = made.secret
    return { key: `${shop.slug} ${made.webhook.url}`, action: 'create', before: null, after: made.webhook }
  })
  reply.code(201)
  return { webhook, secret }
}

export const adminWebhookUpdate: Handler<E['adminWebhookUpdate']> = ({ db, user, params, body }) =>
  adminChange(db, user, entity, async (trx) => {
    const shop = await shopById(trx, params.id)
    const before = await getEndpoint(trx, params.id, params.webhookId)
    const after = await updateEndpoint(trx, params.id, params.webhookId, body)
    return { key: `${shop.slug} ${after.url}`, action: 'update', before, after }
  })

export const adminWebhookDelete: Handler<E['adminWebhookDelete']> = async ({ db, user, params }) => {
  await adminChange(db, user, entity, async (trx) => {
    const shop = await shopById(trx, params.id)
    const before = await getEndpoint(trx, params.id, params.webhookId)
    await deleteEndpoint(trx, params.id, params.webhookId)
    return { key: `${shop.slug} ${before.url}`, action: 'delete', before, after: null }
  })
  return { deleted: true as const }
}

export const adminWebhookRotate: Handler<E['adminWebhookRotate']> = async ({ db, user, params }) => {
  let secret = ''
  const webhook = await adminChange(db, user, entity, async (trx) => {
    const shop = await shopById(trx, params.id)
    const made = await rotateSecret(trx, params.id, params.webhookId)
    secret = made.secret
    // The secret itself is never written to the history.
    return { key: `${shop.slug} ${made.webhook.url}`, action: 'update', before: null, after: made.webhook }
  })
  return { webhook, secret }
}

export const adminWebhookTest: Handler<E['adminWebhookTest']> = async ({ db, params }) => {
  await getEndpoint(db, params.id, params.webhookId)
  return { delivery: await db.transaction().execute((trx) => sendTest(trx, params.id, params.webhookId)) }
}

export const adminWebhookDeliveries: Handler<E['adminWebhookDeliveries']> = async ({ db, params, query }) => {
  await getEndpoint(db, params.id, params.webhookId)
  return listDeliveries(db, params.webhookId, query)
}

export const adminWebhookRedeliver: Handler<E['adminWebhookRedeliver']> = async ({ db, params, body }) => {
  if (!body.eventId && !body.failedSince) throw invalid(webhookMessages().redeliver)
  await getEndpoint(db, params.id, params.webhookId)
  return { queued: await redeliver(db, params.webhookId, body) }
}
