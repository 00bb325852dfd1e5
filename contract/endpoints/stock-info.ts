/**
 * Stock information (docs/specification.md §1, §7.4, §7.5): what a location holds, a product's stock per location
 * and its recent movements, the product search of the product-information screen, and the
 * inventory count that brings the ledger to what was counted.
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { MAX_LINE_QUANTITY, MAX_LINE_QUANTITY_MESSAGE } from '../limits.ts'
import { STOCK_INFO_ROLES } from '../roles.ts'
import { locationNameSchema, productCodeSchema, validatedAtSchema } from './stock.ts'

const shopRefSchema = z.object({ slug: z.string(), name: z.string() })
const infoProductSchema = z.object({ id: z.int(), sku: z.string(), ean13: z.string(), name: z.string() })
const byLocationSchema = z.array(z.object({ location: z.string(), quantity: z.int() }))

export const locationStockSchema = z.object({
  name: z.string(),
  stock: z.array(
    z.object({
      sku: z.string(),
      ean13: z.string(),
      name: z.string(),
      shop: shopRefSchema,
      quantity: z.int(),
    }),
  ),
})
export type LocationStock = z.infer<typeof locationStockSchema>

export const locationInformation = endpoint({
  method: 'GET',
  path: '/rest/location/information/{locationName}',
  summary: "What a location holds (products of the user's shops, quantity > 0)",
  auth: 'user',
  roles: STOCK_INFO_ROLES,
  params: z.object({ locationName: locationNameSchema }),
  response: locationStockSchema,
})

export const locationStock = endpoint({
  method: 'POST',
  path: '/api/location/stock',
  summary: 'Same answer as locationInformation, the location in the body',
  auth: 'user',
  roles: STOCK_INFO_ROLES,
  body: z.object({ location: locationNameSchema }),
  response: locationStockSchema,
})

export const shopLocationStock = endpoint({
  method: 'POST',
  path: '/rest/{slug}/location/{locationSlug}/stock',
  summary: "What a location holds of the shop's products",
  auth: 'user',
  roles: STOCK_INFO_ROLES,
  shopParam: 'slug',
  params: z.object({ slug: z.string(), locationSlug: z.string() }),
  response: locationStockSchema,
})

export const movementInfoSchema = z.object({
  id: z.int(),
  kind: z.string(),
  quantity: z.int(),
  from: z.nullable(z.string()),
  to: z.nullable(z.string()),
  /** When the movement reached the ledger (ISO 8601). */
  at: z.string(),
  /** When the worker validated it on the handheld (ISO 8601): `at` unless the write said otherwise. */
  validatedAt: z.string(),
  user: z.nullable(z.string()),
  reason: z.nullable(z.string()),
})
export type MovementInfo = z.infer<typeof movementInfoSchema>

export const productInfo = endpoint({
  method: 'POST',
  path: '/api/client/{slugShop}/product/info',
  summary: "A shop's product by SKU or EAN: stock per location, total and its last 20 movements",
  auth: 'user',
  roles: STOCK_INFO_ROLES,
  shopParam: 'slugShop',
  params: z.object({ slugShop: z.string() }),
  body: z.object({ code: productCodeSchema }),
  response: z.object({
    product: infoProductSchema,
    stock: byLocationSchema,
    total: z.int(),
    movements: z.array(movementInfoSchema),
  }),
})

export const productSearch = endpoint({
  method: 'POST',
  path: '/api/product/search',
  summary: "Products of the user's shops by name (case and accents ignored), SKU prefix or EAN",
  auth: 'user',
  warehouse: true,
  body: z.object({
    query: z.string().check(z.trim(), z.minLength(1, 'Saisissez un nom, un SKU ou un EAN'), z.maxLength(100)),
    shop: z.optional(z.string()),
    limit: z.optional(z.int().check(z.positive(), z.maximum(50, 'Au plus 50 résultats'))),
  }),
  response: z.object({ products: z.array(z.extend(infoProductSchema, { shop: shopRefSchema })) }),
})

export const productQuantity = endpoint({
  method: 'GET',
  path: '/admin/api/client/{slugShop}/fiche-produit/{shopProduct}/quantity',
  summary: "A shop's product by id: total and stock per location",
  auth: 'user',
  roles: STOCK_INFO_ROLES,
  shopParam: 'slugShop',
  params: z.object({
    slugShop: z.string(),
    shopProduct: z.string().check(z.regex(/^\d{1,9}$/, 'Produit inconnu')),
  }),
  response: z.object({ productId: z.int(), total: z.int(), byLocation: byLocationSchema }),
})

export const productInfoInventory = endpoint({
  method: 'POST',
  path: '/api/product/info/inventory',
  summary: "A product of one of the user's shops by code: total and stock per location",
  auth: 'user',
  roles: STOCK_INFO_ROLES,
  body: z.object({ code: productCodeSchema, shop: z.string() }),
  response: z.object({ product: infoProductSchema, total: z.int(), byLocation: byLocationSchema }),
})

export const inventoryCount = endpoint({
  method: 'POST',
  path: '/api/inventory',
  summary: 'Counts products at a location: INVENTORY movements bring the ledger to the counted quantities',
  auth: 'user',
  roles: ['Inventory'],
  idempotent: true,
  body: z.object({
    location: locationNameSchema,
    counts: z
      .array(
        z.object({
          code: productCodeSchema,
          quantity: z
            .int('La quantité doit être un nombre entier')
            .check(
              z.minimum(0, 'La quantité ne peut être négative'),
              z.maximum(MAX_LINE_QUANTITY, MAX_LINE_QUANTITY_MESSAGE),
            ),
        }),
      )
      .check(z.minLength(1, 'Aucun produit compté'), z.maxLength(200, 'Au plus 200 lignes par inventaire')),
    validatedAt: validatedAtSchema,
  }),
  response: z.object({
    adjustments: z.array(z.object({ sku: z.string(), before: z.int(), after: z.int() })),
  }),
})
