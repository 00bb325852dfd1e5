/**
 * What a shop sends to create an order through the shop API (issue 33, docs/shop-api.md): the
 * order, its ship-to, lines with their customization files, and a label the shop bought. The same
 * body comes from the admin area's CSV import. Kept apart from the calls (shop-api.ts) to keep each
 * file short.
 */
import { z } from 'zod/mini'

/** Trimmed text of at most `max` characters, required. */
export const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max))
/** Trimmed text of at most `max` characters, left out or empty when there is none. */
export const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)))

/** The shop's own reference of an order: what the shop calls it, unique among its orders. */
export const SHOP_ORDER_REF = /^[A-Za-z0-9][A-Za-z0-9._\-/#]{0,63}$/
/** The reference as a request names it (a path's `{reference}` too). */
export const reference = z.string().check(z.trim(), z.regex(SHOP_ORDER_REF))

/** An address as the shop sends it; the server checks it per country (docs/shop-api.md). */
export const shopAddressSchema = z.object({
  name: text(120),
  company: optionalText(120),
  line1: text(120),
  line2: optionalText(120),
  line3: optionalText(120),
  postcode: optionalText(16),
  city: text(80),
  region: optionalText(80),
  /** ISO 3166-1 alpha-2, e.g. FR, DE, GR. */
  country: z.string().check(z.trim(), z.minLength(2), z.maxLength(2)),
  phone: optionalText(32),
  email: z.optional(z.union([z.literal(''), z.email()])),
})
export type ShopAddress = z.infer<typeof shopAddressSchema>
/**
 * Where an order came from: the shop API, a CSV import in the admin area, the demo generator, or
 * the shop's Shopify or WooCommerce store's own webhooks (docs/platforms.md).
 */
export const orderSourceSchema = z.enum(['api', 'csv', 'demo', 'shopify', 'woocommerce'])
export type OrderSource = z.infer<typeof orderSourceSchema>

/** An address as the server answers it: the stored form (the phone in E.164, the country upper-case). */
export const storedAddressSchema = z.object({
  name: z.string(),
  company: z.optional(z.string()),
  line1: z.string(),
  line2: z.optional(z.string()),
  line3: z.optional(z.string()),
  postcode: z.optional(z.string()),
  city: z.string(),
  region: z.optional(z.string()),
  country: z.string(),
  phone: z.optional(z.string()),
  email: z.optional(z.string()),
})
export type StoredAddress = z.infer<typeof storedAddressSchema>

/** The files a line's customization may carry: what the packing station shows and prints. */
export const SHOP_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const
/** A file's base64, at most: about 730 KB of file, within a single order's 1 MiB body. */
export const SHOP_FILE_MAX_CHARS = 1_000_000
export const shopCustomizationFileSchema = z.object({
  /** As the warehouse's screens list it, and the file's name when saved. */
  name: text(200),
  type: z.enum(SHOP_FILE_TYPES),
  /** The file itself, in base64 (RFC 4648); its first bytes must be those of its type. */
  content: z.base64().check(z.minLength(4), z.maxLength(SHOP_FILE_MAX_CHARS)),
})

/** The formats of a label a shop bought from its carrier: what the station's printers take. */
export const SHOP_LABEL_FORMATS = ['zpl', 'pdf'] as const
/** A carrier's tracking number as carriers write them: letters and digits (spaces are dropped). */
export const SHOP_TRACKING_NUMBER = /^[A-Za-z0-9 ]{6,40}$/
/**
 * A label the shop bought itself (issue 33): the warehouse prints it on the order's one parcel
 * instead of asking the carrier for one, and puts the parcel on that carrier's slip.
 */
export const shopLabelSchema = z.object({
  /** One of the warehouse's carriers (the order's `carrier`, if sent, must be the same). */
  carrier: z.string().check(z.trim(), z.minLength(1), z.maxLength(32)),
  trackingNumber: z.string().check(z.trim(), z.regex(SHOP_TRACKING_NUMBER)),
  /** 'zpl': the commands of one 4 × 6 in label, which must print the tracking number; 'pdf': one label page. */
  format: z.enum(SHOP_LABEL_FORMATS),
  /** The label itself, in base64 (RFC 4648). */
  content: z.base64().check(z.minLength(4), z.maxLength(SHOP_FILE_MAX_CHARS)),
})

export const SHOP_ORDER_MAX_LINES = 200
export const shopOrderLineSchema = z.object({
  /** The shop's SKU of a product of its catalogue. */
  sku: text(64),
  quantity: z.int().check(z.minimum(1), z.maximum(9999)),
  /**
   * What to engrave or print on this line's items: makes the order a customized one. The file (a
   * proof, the artwork) is listed with the order where it is packed, and printed from there.
   */
  customization: z.optional(z.object({ text: text(500), file: z.optional(shopCustomizationFileSchema) })),
})

export const shopOrderBodySchema = z.object({
  reference,
  shipTo: shopAddressSchema,
  /** Kept with the order, never printed. */
  billingAddress: z.optional(shopAddressSchema),
  lines: z.array(shopOrderLineSchema).check(z.minLength(1), z.maxLength(SHOP_ORDER_MAX_LINES)),
  /** Printed on the gift card: makes the order a gift one. */
  giftMessage: optionalText(500),
  /** A carrier the warehouse ships with (colissimo, chronopost, dpd, gls, mondial-relay, ups). */
  carrier: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(32))),
  /** The carrier's service code (e.g. colissimo DOS); the carrier's usual one when left out. */
  service: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(32))),
  /** 0 (default) to 9: higher is picked first. */
  priority: z.optional(z.int().check(z.minimum(0), z.maximum(9))),
  /** When the order must leave the warehouse, ISO 8601 with its offset. */
  shipBy: z.optional(z.iso.datetime({ offset: true })),
  /** A label the shop already bought: the order then ships in one parcel under it. */
  label: z.optional(shopLabelSchema),
})
export type ShopOrderBody = z.input<typeof shopOrderBodySchema>
