/**
 * A shop's webhook endpoints (issue 34, docs/webhooks.md): through the shop API with its key
 * (/api/v1/webhooks), and in the admin area for a shop (/rest/admin/shops/{id}/webhooks), which
 * alone may allow an on-site system on a private address.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { eventTypeSchema, subscribableEventSchema } from '../events.ts'
import { adminCall, rowId } from './admin-fields.ts'

export const webhookEndpointSchema = z.object({
  id: z.int(),
  url: z.string(),
  description: z.string(),
  events: z.array(subscribableEventSchema),
  /** false: paused, by a person ('manual'), after failing for long ('failing') or a 410 ('gone'). */
  enabled: z.boolean(),
  pausedReason: z.nullable(z.enum(['manual', 'failing', 'gone'])),
  pausedAt: z.nullable(z.string()),
  /** An on-site system on a private address, allowed by an administrator. */
  allowPrivate: z.boolean(),
  consecutiveFailures: z.int(),
  failingSince: z.nullable(z.string()),
  createdAt: z.string(),
})
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>

/**
 * The fields' own messages, in French (the admin area's forms); the server says them in English to
 * a shop that asks (server/http/validate.ts).
 */
export const WEBHOOK_FIELD_MESSAGES = {
  urlRequired: 'Adresse : obligatoire.',
  urlTooLong: 'Adresse : 2000 caractères au plus.',
  noEvent: 'Choisissez au moins un événement.',
  descriptionTooLong: 'Description : 200 caractères au plus.',
  badStatus: 'État inconnu : attendu pending, delivered ou failed',
  badEventId: 'Identifiant d’événement invalide.',
} as const
const M = WEBHOOK_FIELD_MESSAGES

const url = z.string().check(z.trim(), z.minLength(1, M.urlRequired), z.maxLength(2000, M.urlTooLong))
const webhookBodyShape = {
  url,
  events: z.array(subscribableEventSchema).check(z.minLength(1, M.noEvent)),
  description: z.optional(z.string().check(z.trim(), z.maxLength(200, M.descriptionTooLong))),
  /** false: paused; true resumes it, and what waited goes at once. */
  enabled: z.optional(z.boolean()),
}
export const webhookBodySchema = z.object(webhookBodyShape)
export const adminWebhookBodySchema = z.object({ ...webhookBodyShape, allowPrivate: z.optional(z.boolean()) })

const created = z.object({
  webhook: webhookEndpointSchema,
  /** whsec_…: shown this once; keep it to verify the signatures. */
  secret: z.string(),
})

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const
export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  type: eventTypeSchema,
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.int(),
  createdAt: z.string(),
  lastAttemptAt: z.nullable(z.string()),
  lastStatus: z.nullable(z.int()),
  lastError: z.nullable(z.string()),
  nextAttemptAt: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
  /** The last answer's first bytes. */
  lastResponse: z.nullable(z.string()),
})
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>
export const WEBHOOK_DELIVERIES_PAGE = 50

const deliveriesQuery = z.object({
  status: z.optional(z.enum(DELIVERY_STATUSES, { error: M.badStatus })),
  /** The page after this delivery id (the previous page's nextCursor). */
  before: z.optional(z.string().check(z.regex(/^\d{1,18}$/))),
})
const deliveriesAnswer = z.object({
  deliveries: z.array(webhookDeliverySchema),
  nextCursor: z.nullable(z.string()),
})
export const redeliverBodySchema = z.object({
  /** One event again (its id, evt_…), or every failed delivery since a time. */
  eventId: z.optional(z.string().check(z.regex(/^evt_[0-9a-f]{32}$/, M.badEventId))),
  failedSince: z.optional(z.iso.datetime({ offset: true })),
})
const redeliverAnswer = z.object({ queued: z.int() })

const idParams = z.object({ id: rowId })
const shopCall = { auth: 'shopKey' } as const

export const shopWebhookList = endpoint({
  ...shopCall,
  method: 'GET',
  path: '/api/v1/webhooks',
  summary: 'The key’s shop’s webhook endpoints',
  response: z.object({ webhooks: z.array(webhookEndpointSchema) }),
})
export const shopWebhookCreate = endpoint({
  ...shopCall,
  method: 'POST',
  path: '/api/v1/webhooks',
  summary: 'Adds an endpoint (https, a public address): 201 with its signing secret, shown this once',
  body: webhookBodySchema,
  response: created,
})
export const shopWebhookUpdate = endpoint({
  ...shopCall,
  method: 'PUT',
  path: '/api/v1/webhooks/{id}',
  summary:
    'Changes an endpoint; enabled true resumes a paused one, and the events that waited go at once, in order',
  params: idParams,
  body: webhookBodySchema,
  response: webhookEndpointSchema,
})
export const shopWebhookDelete = endpoint({
  ...shopCall,
  method: 'DELETE',
  path: '/api/v1/webhooks/{id}',
  summary: 'Removes an endpoint and what it had not received',
  params: idParams,
  response: z.object({ deleted: z.literal(true) }),
})
export const shopWebhookRotate = endpoint({
  ...shopCall,
  method: 'POST',
  path: '/api/v1/webhooks/{id}/rotate-secret',
  summary: 'A new signing secret, shown this once; the one it replaces still signs for 24 hours',
  params: idParams,
  response: created,
})
export const shopWebhookTest = endpoint({
  ...shopCall,
  method: 'POST',
  path: '/api/v1/webhooks/{id}/test',
  summary: 'Sends a webhook.test event to the endpoint now',
  params: idParams,
  response: z.object({ delivery: webhookDeliverySchema }),
})
export const shopWebhookDeliveries = endpoint({
  ...shopCall,
  method: 'GET',
  path: '/api/v1/webhooks/{id}/deliveries',
  summary: 'The endpoint’s deliveries, newest first, page by page: status, attempts, the last answer',
  params: idParams,
  query: deliveriesQuery,
  response: deliveriesAnswer,
})
export const shopWebhookRedeliver = endpoint({
  ...shopCall,
  method: 'POST',
  path: '/api/v1/webhooks/{id}/redeliver',
  summary: 'Sends one event again (eventId), or every delivery that failed since a time (failedSince)',
  params: idParams,
  body: redeliverBodySchema,
  response: redeliverAnswer,
})

const adminParams = z.object({ id: rowId, webhookId: rowId })
export const adminWebhookList = endpoint({
  ...adminCall,
  method: 'GET',
  path: '/rest/admin/shops/{id}/webhooks',
  summary: 'A shop’s webhook endpoints',
  params: idParams,
  response: z.object({ webhooks: z.array(webhookEndpointSchema) }),
})
export const adminWebhookCreate = endpoint({
  ...adminCall,
  method: 'POST',
  path: '/rest/admin/shops/{id}/webhooks',
  summary: 'Adds an endpoint for the shop (allowPrivate: an on-site system); the secret is shown this once',
  params: idParams,
  body: adminWebhookBodySchema,
  response: created,
})
export const adminWebhookUpdate = endpoint({
  ...adminCall,
  method: 'PUT',
  path: '/rest/admin/shops/{id}/webhooks/{webhookId}',
  summary: 'Changes, pauses or resumes an endpoint of the shop',
  params: adminParams,
  body: adminWebhookBodySchema,
  response: webhookEndpointSchema,
})
export const adminWebhookDelete = endpoint({
  ...adminCall,
  method: 'DELETE',
  path: '/rest/admin/shops/{id}/webhooks/{webhookId}',
  summary: 'Removes an endpoint of the shop',
  params: adminParams,
  response: z.object({ deleted: z.literal(true) }),
})
export const adminWebhookRotate = endpoint({
  ...adminCall,
  method: 'POST',
  path: '/rest/admin/shops/{id}/webhooks/{webhookId}/rotate-secret',
  summary: 'A new signing secret for the endpoint, shown this once',
  params: adminParams,
  response: created,
})
export const adminWebhookTest = endpoint({
  ...adminCall,
  method: 'POST',
  path: '/rest/admin/shops/{id}/webhooks/{webhookId}/test',
  summary: 'Sends a webhook.test event to the endpoint now',
  params: adminParams,
  response: z.object({ delivery: webhookDeliverySchema }),
})
export const adminWebhookDeliveries = endpoint({
  ...adminCall,
  method: 'GET',
  path: '/rest/admin/shops/{id}/webhooks/{webhookId}/deliveries',
  summary: 'The endpoint’s recent deliveries, newest first',
  params: adminParams,
  query: deliveriesQuery,
  response: deliveriesAnswer,
})
export const adminWebhookRedeliver = endpoint({
  ...adminCall,
  method: 'POST',
  path: '/rest/admin/shops/{id}/webhooks/{webhookId}/redeliver',
  summary: 'Sends one event again, or every delivery that failed since a time',
  params: adminParams,
  body: redeliverBodySchema,
  response: redeliverAnswer,
})
