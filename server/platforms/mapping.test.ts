/**
 * The platforms' published order payloads (fixtures/README.md says where each comes from) read as
 * what the warehouse should do: the order the shop API's intake takes, an order to cancel, or
 * nothing, with the reason in French.
 */
import { describe, expect, it } from 'vitest'
import shopifyCancelled from './fixtures/shopify-order-cancelled.json' with { type: 'json' }
import shopifyCreate from './fixtures/shopify-order-create.json' with { type: 'json' }
import woocommerce from './fixtures/woocommerce-order.json' with { type: 'json' }
import { fromShopify } from './shopify.ts'
import { fromWooCommerce } from './woocommerce.ts'

// The webhook body is the REST order without the response's `{order: …}` wrapper (fixtures/README.md).
const shopifyOrder = shopifyCreate.order
const withSkus = {
  ...woocommerce,
  line_items: woocommerce.line_items.map((l) => ({ ...l, sku: l.sku || 'WOO-1' })),
}

describe('Shopify orders/create, on the published example', () => {
  it('takes the lines still to ship, by SKU, to the shipping address, under the order number', () => {
    expect(fromShopify('orders/create', shopifyOrder)).toEqual({
      kind: 'order',
      platformOrderId: '450789469',
      body: {
        reference: '1001',
        shipTo: {
          name: 'Bob Norman',
          line1: 'Chestnut Street 92',
          city: 'Louisville',
          country: 'US',
          postcode: '40202',
          region: 'KY',
          phone: '+1(502)-459-2181',
          email: 'bob.norman@mail.example.com',
        },
        billingAddress: expect.objectContaining({ name: 'Bob Norman', country: 'US' }),
        // Two of its three lines were refunded (fulfillable_quantity 0): only the red one ships.
        lines: [{ sku: 'IPOD2008RED', quantity: 1 }],
      },
    })
  })

  it('reads orders/updated and orders/paid alike, and ignores a topic it does not take', () => {
    expect(fromShopify('orders/updated', shopifyOrder).kind).toBe('order')
    expect(fromShopify('orders/paid', shopifyOrder).kind).toBe('order')
    expect(fromShopify('products/create', shopifyOrder)).toMatchObject({
      kind: 'ignored',
      reason: expect.stringContaining('orders/create, orders/updated et orders/cancelled'),
    })
  })

  it('cancels on the published cancelled order, with its reason', () => {
    expect(fromShopify('orders/cancelled', shopifyCancelled.order)).toEqual({
      kind: 'cancel',
      platformOrderId: '450789469',
      reference: '1001',
      reason: 'Annulée dans Shopify (other)',
    })
  })

  it('waits for the payment, leaves what the shop shipped itself, and needs a SKU on every line to ship', () => {
    const pending = fromShopify('orders/create', { ...shopifyOrder, financial_status: 'pending' })
    expect(pending).toMatchObject({ kind: 'ignored', reason: expect.stringContaining('Pas encore payée') })
    const fulfilled = fromShopify('orders/updated', { ...shopifyOrder, fulfillment_status: 'fulfilled' })
    expect(fulfilled).toMatchObject({ kind: 'ignored', reason: expect.stringContaining('Déjà expédiée') })
    const lines = shopifyOrder.line_items.map((l) => ({ ...l, sku: l.sku === 'IPOD2008RED' ? '' : l.sku }))
    expect(fromShopify('orders/create', { ...shopifyOrder, line_items: lines })).toMatchObject({
      kind: 'refused',
      reason: expect.stringContaining('« IPod Nano - 8gb - red »'),
    })
    // A gift card needs no parcel: not a line to pick.
    const giftCard = lines.map((l) => ({ ...l, requires_shipping: l.sku !== '' }))
    expect(fromShopify('orders/create', { ...shopifyOrder, line_items: giftCard })).toMatchObject({
      kind: 'ignored',
      reason: expect.stringContaining('Aucune ligne à expédier'),
    })
  })

  it('refuses what is not an order, and keeps the platform id as the reference when the number is not one', () => {
    expect(fromShopify('orders/create', { hello: 'world' })).toMatchObject({
      kind: 'refused',
      platformOrderId: null,
    })
    expect(fromShopify('orders/create', { ...shopifyOrder, name: 'Commande n°1' })).toMatchObject({
      body: { reference: '450789469' },
    })
  })
})

describe('WooCommerce order.created / order.updated, on the published example', () => {
  it('refuses the example as published: its first line has no SKU, and says which line', () => {
    expect(fromWooCommerce('order.created', woocommerce)).toEqual({
      kind: 'refused',
      platformOrderId: '727',
      reference: '727',
      reason: expect.stringContaining('« Woo Single #1 »'),
    })
  })

  it('takes a processing order by SKU, the billing phone and e-mail standing in for the shipping ones', () => {
    expect(fromWooCommerce('order.created', withSkus)).toEqual({
      kind: 'order',
      platformOrderId: '727',
      body: {
        reference: '727',
        shipTo: {
          name: 'John Doe',
          line1: '969 Market',
          city: 'San Francisco',
          country: 'US',
          postcode: '94103',
          region: 'CA',
          phone: '(555) 555-5555',
          email: 'john.doe@example.com',
        },
        billingAddress: expect.objectContaining({ name: 'John Doe' }),
        lines: [
          { sku: 'WOO-1', quantity: 2 },
          { sku: 'Bar3', quantity: 1 },
        ],
      },
    })
  })

  it('cancels a cancelled, refunded or deleted order; waits for an unpaid one; leaves a completed one', () => {
    expect(fromWooCommerce('order.updated', { ...withSkus, status: 'cancelled' })).toMatchObject({
      kind: 'cancel',
      reason: 'Annulée dans WooCommerce',
    })
    expect(fromWooCommerce('order.updated', { ...withSkus, status: 'refunded' })).toMatchObject({
      kind: 'cancel',
    })
    expect(fromWooCommerce('order.deleted', { id: 727 })).toMatchObject({
      kind: 'cancel',
      platformOrderId: '727',
    })
    expect(fromWooCommerce('order.created', { ...withSkus, status: 'on-hold' })).toMatchObject({
      kind: 'ignored',
      reason: expect.stringContaining('« on-hold »'),
    })
    expect(fromWooCommerce('order.updated', { ...withSkus, status: 'completed' })).toMatchObject({
      kind: 'ignored',
    })
    expect(fromWooCommerce('coupon.created', withSkus)).toMatchObject({ kind: 'ignored' })
  })
})
