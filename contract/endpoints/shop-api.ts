/**
 * The shop API (issue 33, docs/shop-api.md): what a client shop's own systems call, with a key of
 * that shop (`auth: 'shopKey'`), under /api/v1. The key is the shop: no path names one, and an order
 * of another shop is not found. Fields are in English, as integrators expect; messages follow the
 * server's language rules (docs/shop-api.md, 'Errors').
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { pickingTypeSchema } from '../roles.ts'
import { orderStatusSchema } from './picking.ts'
import {
  optionalText,
  orderSourceSchema,
  reference,
  shopAddressSchema,
  shopOrderBodySchema,
  storedAddressSchema,
  text,
} from './shop-order-body.ts'

export const shopOrderSchema = z.object({
  reference: z.string(),
  /** The warehouse's name of the order, printed on its labels and lists. */
  name: z.string(),
  status: orderStatusSchema,
  /** Derived from the lines, never sent: mono (one unit) or multi × classic, gift or customized. */
  pickingType: pickingTypeSchema,
  source: orderSourceSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  shipTo: storedAddressSchema,
  lines: z.array(
    z.object({
      sku: z.string(),
      quantity: z.int(),
      picked: z.int(),
      /** Units the warehouse could not find and shipped without. */
      cancelled: z.int(),
      customization: z.optional(z.object({ text: z.string() })),
    }),
  ),
  giftMessage: z.optional(z.string()),
  carrier: z.nullable(z.string()),
  service: z.nullable(z.string()),
  priority: z.int(),
  shipBy: z.nullable(z.string()),
  /** Every status the order went through, oldest first, with the reason when there was one. */
  timeline: z.array(z.object({ status: orderStatusSchema, at: z.string(), reason: z.nullable(z.string()) })),
  /** The tracking numbers of its parcels. */
  parcels: z.array(z.object({ trackingNumber: z.string(), carrier: z.string() })),
})
export type ShopOrder = z.infer<typeof shopOrderSchema>

/** Orders one batch call takes: each is answered on its own. */
export const SHOP_ORDER_BATCH_MAX = 500
/** A batch of 500 orders with their addresses is about 0.5–1 MB; room for long lines. */
export const SHOP_ORDER_BATCH_BYTES = 8 * 1024 * 1024

export const shopOrderCreate = endpoint({
  method: 'POST',
  path: '/api/v1/orders',
  summary:
    'Creates an order of the key’s shop: 201 created; 200 with the existing order when its reference was sent before with the same content; 409 naming what differs otherwise',
  auth: 'shopKey',
  body: shopOrderBodySchema,
  // A label and customization files of up to 1,000,000 base64 characters each: one order may carry
  // as much as a batch does, not the 1 MiB of other calls.
  maxBodyBytes: SHOP_ORDER_BATCH_BYTES,
  response: z.object({ result: z.enum(['created', 'existing']), order: shopOrderSchema }),
})

export const shopOrderGet = endpoint({
  method: 'GET',
  path: '/api/v1/orders/{reference}',
  summary: 'An order of the key’s shop, by the shop’s reference: status, timeline, lines and parcels',
  auth: 'shopKey',
  params: z.object({ reference }),
  response: shopOrderSchema,
})

export const shopFieldErrorSchema = z.object({ field: z.string(), code: z.string(), message: z.string() })

export const shopOrderBatch = endpoint({
  method: 'POST',
  path: '/api/v1/orders/batch',
  summary:
    'Creates up to 500 orders of the key’s shop in one call, each answered on its own, in the order sent: created, existing (its reference sent before with the same content), differs (sent before with another content: errors name the fields) or refused (errors name each problem)',
  auth: 'shopKey',
  // Each order is checked on its own by the handler: one order with a missing field is refused
  // alone, not the whole batch.
  body: z.object({
    orders: z.array(z.unknown()).check(z.minLength(1), z.maxLength(SHOP_ORDER_BATCH_MAX)),
  }),
  bodyDoc: z.object({
    orders: z.array(shopOrderBodySchema).check(z.minLength(1), z.maxLength(SHOP_ORDER_BATCH_MAX)),
  }),
  maxBodyBytes: SHOP_ORDER_BATCH_BYTES,
  response: z.object({
    results: z.array(
      z.object({
        /** The order's place in the batch, from 0. */
        index: z.int(),
        /** As sent; null when the item had none. */
        reference: z.nullable(z.string()),
        result: z.enum(['created', 'existing', 'differs', 'refused']),
        /** The warehouse's order (created, existing or differs). */
        order: z.optional(
          z.object({ name: z.string(), status: orderStatusSchema, pickingType: pickingTypeSchema }),
        ),
        errors: z.optional(z.array(shopFieldErrorSchema)),
      }),
    ),
  }),
})

export const SHOP_ORDER_PAGE_MAX = 200
/** An order in a list: who it is and where it stands; its lines and parcels come with GET …/{reference}. */
export const shopOrderSummarySchema = z.pick(shopOrderSchema, {
  reference: true,
  name: true,
  status: true,
  pickingType: true,
  source: true,
  createdAt: true,
  updatedAt: true,
})

export const shopOrderList = endpoint({
  method: 'GET',
  path: '/api/v1/orders',
  summary:
    'The key’s shop’s orders by last change, oldest first, from updated_since or after the cursor of an earlier page. Keep calling with nextCursor: more says whether the next page is already there; later calls with the same cursor bring the orders changed since',
  auth: 'shopKey',
  query: z.object({
    /** ISO 8601 with its offset. */
    updated_since: z.optional(z.iso.datetime({ offset: true })),
    /** From the page before: carries on after its last order. */
    cursor: z.optional(z.string().check(z.maxLength(200))),
    limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(SHOP_ORDER_PAGE_MAX))),
  }),
  response: z.object({
    orders: z.array(shopOrderSummarySchema),
    /** After the page's last order (the cursor sent, on an empty page; null when there is none yet). */
    nextCursor: z.nullable(z.string()),
    more: z.boolean(),
  }),
})

/**
 * What happens instead of a change asked too late (code 'too_late'): 'ask_the_warehouse' while the
 * order is being picked or set aside (its staff may still stop it and put the units back);
 * 'return_after_delivery' once it is packed.
 */
export const SHOP_TOO_LATE_INSTEAD = ['ask_the_warehouse', 'return_after_delivery'] as const

export const shopOrderCancel = endpoint({
  method: 'POST',
  path: '/api/v1/orders/{reference}/cancel',
  summary:
    'Cancels an order of the key’s shop that is not yet being picked (to_pick, on_hold); later, 409 too_late says what happens instead. Cancelling a cancelled order answers it as it is',
  auth: 'shopKey',
  params: z.object({ reference }),
  body: z.object({ reason: optionalText(200) }),
  response: shopOrderSchema,
})

export const shopOrderShipTo = endpoint({
  method: 'PUT',
  path: '/api/v1/orders/{reference}/ship-to',
  summary:
    'Replaces the ship-to address of an order of the key’s shop that is not yet being picked (to_pick, on_hold), checked as at creation; later, 409 too_late',
  auth: 'shopKey',
  params: z.object({ reference }),
  body: shopAddressSchema,
  response: shopOrderSchema,
})

/** A product of the shop's catalogue as the shop sends it: the admin CSV's columns, and more. */
export const shopProductBodySchema = z.object({
  /** EAN-13, check digit included. */
  ean13: z.string().check(z.trim(), z.regex(/^[0-9]{13}$/)),
  name: text(200),
  /** Each unit's weight in grams, packaging included; kept as it is when left out. */
  weightGrams: z.optional(z.int().check(z.minimum(1), z.maximum(1_000_000))),
  /** Outer dimensions in millimetres; kept as they are when left out. */
  dimensionsMm: z.optional(
    z.object({
      length: z.int().check(z.minimum(1), z.maximum(5000)),
      width: z.int().check(z.minimum(1), z.maximum(5000)),
      height: z.int().check(z.minimum(1), z.maximum(5000)),
    }),
  ),
  /** The code of the box a single unit ships in without asking (S, M, L…); null: the packer chooses. */
  defaultBox: z.optional(z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(16)))),
})
const sku = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9._-]{1,64}$/))
const productResultSchema = z.enum(['created', 'updated', 'unchanged', 'refused'])

export const shopProductPut = endpoint({
  method: 'PUT',
  path: '/api/v1/products/{sku}',
  summary: 'Creates or updates a product of the key’s shop by its SKU, with the admin CSV import’s rules',
  auth: 'shopKey',
  params: z.object({ sku }),
  body: shopProductBodySchema,
  response: z.object({ result: z.enum(['created', 'updated', 'unchanged']), sku: z.string() }),
})

export const SHOP_PRODUCT_BATCH_MAX = 1000
export const shopProductBatch = endpoint({
  method: 'POST',
  path: '/api/v1/products/batch',
  summary:
    'Creates or updates up to 1,000 products of the key’s shop, each answered on its own, in the order sent',
  auth: 'shopKey',
  body: z.object({
    products: z.array(z.unknown()).check(z.minLength(1), z.maxLength(SHOP_PRODUCT_BATCH_MAX)),
  }),
  bodyDoc: z.object({
    products: z
      .array(z.extend(shopProductBodySchema, { sku }))
      .check(z.minLength(1), z.maxLength(SHOP_PRODUCT_BATCH_MAX)),
  }),
  maxBodyBytes: SHOP_ORDER_BATCH_BYTES,
  response: z.object({
    results: z.array(
      z.object({
        index: z.int(),
        sku: z.nullable(z.string()),
        result: productResultSchema,
        errors: z.optional(z.array(shopFieldErrorSchema)),
      }),
    ),
  }),
})

export const shopStock = endpoint({
  method: 'GET',
  path: '/api/v1/stock',
  summary:
    'The key’s shop’s stock by SKU: on hand (on the shelves and in reception), reserved by its orders not yet picked, available (on hand less reserved, never below 0); updated_since: only the SKUs whose stock or reservations moved since',
  auth: 'shopKey',
  query: z.object({ updated_since: z.optional(z.iso.datetime({ offset: true })) }),
  response: z.object({
    at: z.string(),
    stock: z.array(z.object({ sku: z.string(), onHand: z.int(), reserved: z.int(), available: z.int() })),
  }),
})
