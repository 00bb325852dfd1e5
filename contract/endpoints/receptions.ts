/**
 * Expected receptions, a shop's advance shipping notices (issue 34, docs/shop-api.md): the shop
 * announces a delivery through its API key (or a CSV in the admin area), the warehouse receives the
 * units against it and closes it, and the shop hears `reception.completed` with the differences.
 * This module holds the shop API's calls (/api/v1/receptions); the warehouse's and the admin
 * area's are in expected-receptions.ts, the views in reception-views.ts. Fields are in English; the
 * shop API's schemas carry no message of their own, so zod's answer in the caller's language.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { MAX_LINE_QUANTITY } from '../limits.ts'
import { receptionStatusSchema, shopReceptionSchema, shopReceptionSummarySchema } from './reception-views.ts'
import { reference } from './shop-order-body.ts'

/** Lines one notice may announce. */
export const RECEPTION_LINES_MAX = 1000

/** What a shop announces. */
export const shopReceptionBodySchema = z.object({
  /** The shop's own reference of the delivery (letters, digits, . _ - / #), unique among its notices. */
  reference,
  /** The day the delivery is expected (YYYY-MM-DD). */
  expectedDate: z.iso.date(),
  lines: z
    .array(
      z.object({
        sku: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
        quantity: z.int().check(z.minimum(1), z.maximum(MAX_LINE_QUANTITY)),
      }),
    )
    .check(z.minLength(1), z.maxLength(RECEPTION_LINES_MAX)),
})
export type ShopReceptionBody = z.infer<typeof shopReceptionBodySchema>

export const RECEPTION_PAGE_MAX = 200

export const shopReceptionCreate = endpoint({
  auth: 'shopKey',
  method: 'POST',
  path: '/api/v1/receptions',
  summary:
    'Announces a delivery to the warehouse (an advance shipping notice): 201 created; 200 with the existing notice when its reference was sent before with the same content; 409 naming what differs otherwise',
  body: shopReceptionBodySchema,
  response: z.object({ result: z.enum(['created', 'existing']), reception: shopReceptionSchema }),
})

export const shopReceptionList = endpoint({
  auth: 'shopKey',
  method: 'GET',
  path: '/api/v1/receptions',
  summary:
    'The key’s shop’s announced deliveries, newest first, with the units announced and received; status filters them. Keep calling with cursor=nextCursor while it is not null',
  query: z.object({
    status: z.optional(receptionStatusSchema),
    /** From the page before: carries on after its last notice. */
    cursor: z.optional(z.string().check(z.regex(/^\d{1,9}$/))),
    limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(RECEPTION_PAGE_MAX))),
  }),
  response: z.object({
    receptions: z.array(shopReceptionSummarySchema),
    nextCursor: z.nullable(z.string()),
  }),
})

export const shopReceptionGet = endpoint({
  auth: 'shopKey',
  method: 'GET',
  path: '/api/v1/receptions/{reference}',
  summary:
    'An announced delivery of the key’s shop: per SKU the units announced, received and the difference, and the products received that it did not announce',
  params: z.object({ reference }),
  response: shopReceptionSchema,
})

export const shopReceptionCancel = endpoint({
  auth: 'shopKey',
  method: 'POST',
  path: '/api/v1/receptions/{reference}/cancel',
  summary:
    'Cancels an announced delivery the warehouse has not started receiving; cancelling a cancelled one answers it as it is. Once units are received, 409 too_late; once closed, 409 reception_closed',
  params: z.object({ reference }),
  response: shopReceptionSchema,
})
