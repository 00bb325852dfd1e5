/**
 * A WooCommerce order webhook read as what the warehouse should do (docs/platforms.md).
 * WooCommerce sends its REST API v3 order (fixtures/woocommerce-order.json is the published
 * example) for order.created and order.updated; order.deleted carries the id alone.
 *
 * - `processing` (paid, to ship): taken in. `pending`, `on-hold`, `failed`, `checkout-draft`:
 *   not paid yet, ignored; an order.updated brings it once it is processing.
 * - `cancelled`, `refunded`, and order.deleted: the warehouse's order is cancelled, if not too late.
 * - `completed`: the store says it is done (it may be the warehouse's own news): ignored.
 * - Lines by SKU; one without a SKU refuses the order. The billing phone and e-mail stand in where
 *   the shipping address has none (WooCommerce's shipping address had neither before 5.6).
 */
import { z } from 'zod'
import { address, filled, idOf, type Mapped, NOT_READABLE, noSku, referenceOf } from './mapped.ts'

export const WOOCOMMERCE_TOPICS = ['order.created', 'order.updated', 'order.deleted'] as const

const text = z.string().nullish()
const addressSchema = z.looseObject({
  first_name: text,
  last_name: text,
  company: text,
  address_1: text,
  address_2: text,
  city: text,
  state: text,
  postcode: text,
  country: text,
  phone: text,
  email: text,
})
const orderSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  number: z.union([z.string(), z.number()]).nullish(),
  status: text,
  shipping: addressSchema.nullish(),
  billing: addressSchema.nullish(),
  line_items: z
    .array(z.looseObject({ sku: text, name: text, quantity: z.number() }))
    .nullish()
    .transform((items) => items ?? []),
})
type WooAddress = z.infer<typeof addressSchema>

const NOT_PAID = ['pending', 'on-hold', 'failed', 'checkout-draft']
const CANCELLED = ['cancelled', 'refunded']

export function fromWooCommerce(topic: string, payload: unknown): Mapped {
  const parsed = orderSchema.safeParse(payload)
  const platformOrderId = parsed.success ? idOf(parsed.data.id) : null
  if (!parsed.success || !platformOrderId)
    return { kind: 'refused', platformOrderId: null, reference: null, reason: NOT_READABLE('WooCommerce') }
  const order = parsed.data
  const reference = order.number == null ? null : referenceOf(order.number, platformOrderId)
  const nothing = (kind: 'ignored' | 'refused', reason: string): Mapped => ({
    kind,
    platformOrderId,
    reference,
    reason,
  })
  if (!(WOOCOMMERCE_TOPICS as readonly string[]).includes(topic))
    return nothing('ignored', unsupportedTopic(topic))
  if (topic === 'order.deleted')
    return { kind: 'cancel', platformOrderId, reference, reason: 'Supprimée dans WooCommerce' }
  const status = order.status ?? ''
  if (CANCELLED.includes(status))
    return {
      kind: 'cancel',
      platformOrderId,
      reference,
      reason: status === 'refunded' ? 'Remboursée dans WooCommerce' : 'Annulée dans WooCommerce',
    }
  if (NOT_PAID.includes(status))
    return nothing(
      'ignored',
      `Statut « ${status} » : pas encore à expédier ; elle viendra quand WooCommerce la passera « processing ».`,
    )
  if (status !== 'processing')
    return nothing(
      'ignored',
      `Statut « ${status || '(aucun)'} » : seules les commandes « processing » sont à expédier.`,
    )

  const lines = []
  for (const item of order.line_items) {
    if (item.quantity <= 0) continue
    const sku = filled(item.sku)
    if (!sku) return nothing('refused', noSku(filled(item.name) ?? '?'))
    lines.push({ sku, quantity: item.quantity })
  }
  if (lines.length === 0) return nothing('ignored', 'Aucune ligne à expédier.')
  if (!order.shipping || !filled(order.shipping.address_1))
    return nothing('refused', 'Aucune adresse de livraison dans la commande WooCommerce : rien à expédier.')

  const contact = { phone: filled(order.billing?.phone), email: filled(order.billing?.email) }
  return {
    kind: 'order',
    platformOrderId,
    body: {
      reference: reference ?? platformOrderId,
      shipTo: addressOf(order.shipping, contact),
      ...(order.billing &&
        filled(order.billing.address_1) && { billingAddress: addressOf(order.billing, contact) }),
      lines,
    },
  }
}

const addressOf = (a: WooAddress, fallback: { phone?: string | undefined; email?: string | undefined }) =>
  address({
    first: a.first_name,
    last: a.last_name,
    company: a.company,
    line1: a.address_1,
    line2: a.address_2,
    postcode: a.postcode,
    city: a.city,
    region: a.state,
    country: a.country,
    phone: filled(a.phone) ?? fallback.phone,
    email: filled(a.email) ?? fallback.email,
  })

const unsupportedTopic = (topic: string) =>
  `Sujet « ${topic || '(aucun)'} » non pris en charge : créez dans WooCommerce les webhooks « Commande créée » et « Commande mise à jour ».`
