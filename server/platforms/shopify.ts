/**
 * A Shopify order webhook read as what the warehouse should do (docs/platforms.md). Shopify sends
 * its REST order representation (fixtures/shopify-order-create.json is the published example):
 * orders/create, orders/updated and orders/paid carry the order as it is; orders/cancelled too,
 * with `cancelled_at` set.
 *
 * - Cancelled (`cancelled_at`): the warehouse's order is cancelled, if it is not too late.
 * - Not paid yet (`financial_status` pending) or voided: ignored; orders/paid or orders/updated
 *   brings it once paid. Fulfilled already (by the shop itself): ignored.
 * - Lines: each still to ship (`fulfillable_quantity`, which refunds and earlier fulfilments have
 *   lowered; `current_quantity`, then `quantity` when absent), but not those that need no shipping
 *   (a gift card, a service). A line without a SKU refuses the order: the warehouse knows SKUs only.
 * - The customer's e-mail and the order's phone stand in where the shipping address has none.
 */
import { z } from 'zod'
import { address, filled, idOf, type Mapped, NOT_READABLE, noSku, referenceOf } from './mapped.ts'

export const SHOPIFY_TOPICS = ['orders/create', 'orders/updated', 'orders/paid', 'orders/cancelled'] as const

const text = z.string().nullish()
const addressSchema = z.looseObject({
  first_name: text,
  last_name: text,
  name: text,
  company: text,
  address1: text,
  address2: text,
  zip: text,
  city: text,
  province_code: text,
  country_code: text,
  phone: text,
})
const orderSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  name: text,
  order_number: z.number().nullish(),
  email: text,
  contact_email: text,
  phone: text,
  cancelled_at: text,
  cancel_reason: text,
  financial_status: text,
  fulfillment_status: text,
  shipping_address: addressSchema.nullish(),
  billing_address: addressSchema.nullish(),
  line_items: z.array(
    z.looseObject({
      sku: text,
      title: text,
      name: text,
      quantity: z.number(),
      current_quantity: z.number().nullish(),
      fulfillable_quantity: z.number().nullish(),
      requires_shipping: z.boolean().nullish(),
    }),
  ),
})
type ShopifyAddress = z.infer<typeof addressSchema>

export function fromShopify(topic: string, payload: unknown): Mapped {
  const parsed = orderSchema.safeParse(payload)
  const platformOrderId = parsed.success ? idOf(parsed.data.id) : null
  if (!parsed.success || !platformOrderId)
    return { kind: 'refused', platformOrderId: null, reference: null, reason: NOT_READABLE('Shopify') }
  const order = parsed.data
  const reference = referenceOf(order.name ?? order.order_number, platformOrderId)
  const nothing = (kind: 'ignored' | 'refused', reason: string): Mapped => ({
    kind,
    platformOrderId,
    reference,
    reason,
  })
  if (!(SHOPIFY_TOPICS as readonly string[]).includes(topic))
    return nothing('ignored', unsupportedTopic(topic))
  if (order.cancelled_at) {
    const why = filled(order.cancel_reason)
    return {
      kind: 'cancel',
      platformOrderId,
      reference,
      reason: `Annulée dans Shopify${why ? ` (${why})` : ''}`,
    }
  }
  if (order.financial_status === 'pending')
    return nothing(
      'ignored',
      'Pas encore payée : elle viendra à son paiement (abonnez aussi orders/paid ou orders/updated).',
    )
  if (order.financial_status === 'voided')
    return nothing('ignored', 'Paiement annulé dans Shopify : rien à expédier.')
  if (order.fulfillment_status === 'fulfilled')
    return nothing('ignored', 'Déjà expédiée par la boutique : rien à préparer.')

  const lines = []
  for (const item of order.line_items) {
    if (item.requires_shipping === false) continue
    const quantity = item.fulfillable_quantity ?? item.current_quantity ?? item.quantity
    if (quantity <= 0) continue
    const sku = filled(item.sku)
    if (!sku) return nothing('refused', noSku(filled(item.name) ?? filled(item.title) ?? '?'))
    lines.push({ sku, quantity })
  }
  if (lines.length === 0)
    return nothing('ignored', 'Aucune ligne à expédier (remboursée, déjà expédiée ou sans livraison).')
  if (!order.shipping_address)
    return nothing('refused', 'Aucune adresse de livraison dans la commande Shopify : rien à expédier.')

  const email = filled(order.email) ?? filled(order.contact_email)
  return {
    kind: 'order',
    platformOrderId,
    body: {
      reference,
      shipTo: addressOf(order.shipping_address, { phone: order.phone, email }),
      ...(order.billing_address && { billingAddress: addressOf(order.billing_address, { email }) }),
      lines,
    },
  }
}

const addressOf = (a: ShopifyAddress, fallback: { phone?: unknown; email?: unknown }) =>
  address({
    first: a.first_name,
    last: a.last_name,
    name: a.name,
    company: a.company,
    line1: a.address1,
    line2: a.address2,
    postcode: a.zip,
    city: a.city,
    region: a.province_code,
    country: a.country_code,
    phone: filled(a.phone) ?? fallback.phone,
    email: fallback.email,
  })

const unsupportedTopic = (topic: string) =>
  `Sujet « ${topic || '(aucun)'} » non pris en charge : abonnez la boutique à orders/create, orders/updated et orders/cancelled.`
