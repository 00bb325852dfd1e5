/**
 * What a platform's delivery asks of the warehouse, once read (shopify.ts, woocommerce.ts): an order
 * to take in (the shop API's body, through the same intake), one to cancel, or nothing, with the
 * reason in French for the shop's delivery log. The readers are pure: tested on the platforms'
 * published payloads (fixtures/).
 */
import type { ShopAddress, ShopOrderBody } from '../../contract/index.ts'
import { SHOP_ORDER_REF } from '../../contract/index.ts'

export type Mapped =
  | { kind: 'order'; platformOrderId: string; body: ShopOrderBody }
  | { kind: 'cancel'; platformOrderId: string; reference: string | null; reason: string }
  | { kind: 'ignored' | 'refused'; platformOrderId: string | null; reference: string | null; reason: string }

/** Text as the platforms send it: a string, maybe empty, maybe null. */
export const filled = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined

/** The order's id as the platform keys it (a number in both JSON payloads, kept as text). */
export const idOf = (value: unknown): string | null =>
  typeof value === 'number' && Number.isSafeInteger(value)
    ? String(value)
    : typeof value === 'string' && /^\d{1,30}$/.test(value)
      ? value
      : null

/**
 * The shop's reference: the number the store shows its customer (Shopify's '#1001' without its
 * '#'), or the platform's id when that number is not one the API accepts.
 */
export function referenceOf(shown: unknown, id: string): string {
  const text = typeof shown === 'number' ? String(shown) : (filled(shown)?.replace(/^#+/, '') ?? '')
  return SHOP_ORDER_REF.test(text) ? text : id
}

/** An address with what the platform left out dropped, for the intake to check per country. */
export function address(fields: {
  first?: unknown
  last?: unknown
  name?: unknown
  company?: unknown
  line1?: unknown
  line2?: unknown
  postcode?: unknown
  city?: unknown
  region?: unknown
  country?: unknown
  phone?: unknown
  email?: unknown
}): ShopAddress {
  const name = filled(fields.name) ?? [filled(fields.first), filled(fields.last)].filter(Boolean).join(' ')
  const optional = {
    company: filled(fields.company),
    line2: filled(fields.line2),
    postcode: filled(fields.postcode),
    region: filled(fields.region),
    phone: filled(fields.phone),
    email: filled(fields.email),
  }
  return {
    name,
    line1: filled(fields.line1) ?? '',
    city: filled(fields.city) ?? '',
    country: filled(fields.country) ?? '',
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
  }
}

/** A line the store sent without a SKU: the warehouse knows products by SKU only. */
export const noSku = (title: string) =>
  `La ligne « ${title} » n'a pas de SKU dans la boutique : donnez-lui celui de l'article au catalogue de l'entrepôt, puis relisez la livraison.`

export const NOT_READABLE = (platform: string) =>
  `Le contenu reçu n'est pas une commande ${platform} lisible : vérifiez que le webhook envoie les commandes au format JSON.`
