/**
 * The global search's look-up (issue 31): what a code typed or scanned into the Cmd+K dialog names,
 * each hit with the screen it opens. Exact codes only (an order's name, a tracking number, a crate,
 * a product's SKU or EAN-13, a location), case aside: the dialog's own search still finds screens
 * by their titles (docs/specification.md §2.6); the order search by customer names stays on 'Information commande'.
 *
 * Only the user's shops are looked in, and only kinds whose screen the user's roles open: orders,
 * tracking numbers and crates open 'Information commande' (orderDetail's roles), products and
 * locations the stock information screens (STOCK_INFO_ROLES).
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'

export const LOOKUP_KINDS = ['order', 'tracking', 'crate', 'product', 'location'] as const
export const lookupKindSchema = z.enum(LOOKUP_KINDS)
export type LookupKind = z.infer<typeof lookupKindSchema>

/** Shorter codes are not looked up (the dialog searches its screens alone). */
export const LOOKUP_MIN = 3
export const LOOKUP_LIMIT = 10

export const lookupHitSchema = z.object({
  kind: lookupKindSchema,
  /** The code as stored (an order's name, the tracking number, 'CAISSE-000042', a SKU, 'E-03-01-01'). */
  code: z.string(),
  /** What the worker reads: the product's name, the order's customer… */
  label: z.string(),
  /** The order to open (order, tracking, crate); null: a crate that holds none. */
  order: z.nullable(z.string()),
  /** The shop of an order or a product; null for a location (it holds every shop's goods). */
  shop: z.nullable(z.object({ slug: z.string(), name: z.string() })),
})
export type LookupHit = z.infer<typeof lookupHitSchema>

export const globalLookup = endpoint({
  method: 'GET',
  path: '/rest/search/lookup',
  summary:
    "What a typed or scanned code names (order, tracking number, crate, product SKU/EAN, location), in the user's shops, for the screens their roles open",
  auth: 'user',
  warehouse: true,
  query: z.object({
    q: z
      .string()
      .check(z.trim(), z.minLength(1, 'Saisissez un code'), z.maxLength(128, 'Au plus 128 caractères')),
  }),
  response: z.object({ results: z.array(lookupHitSchema) }),
})
