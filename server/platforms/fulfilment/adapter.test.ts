/**
 * Off by default (README.md beside this file): no adapter unless a shop's settings say
 * `fulfilment: true` with credentials and an address that pass the checks, each refusal said in
 * French; and the `order.shipped` event read as a shipment.
 */
import { describe, expect, it } from 'vitest'
import { eventDataSchemas } from '../../../contract/index.ts'
import { checkSettings, fulfilmentAdapter, shippedOrderFrom } from './adapter.ts'

const shopify = {
  platform: 'shopify',
  fulfilment: true,
  shopDomain: 'entrepot-demo.myshopify.com',
  apiVersion: '2026-01',
  accessToken: 'shpat_test',
}
const woocommerce = {
  platform: 'woocommerce',
  fulfilment: true,
  siteUrl: 'https://boutique.example',
  consumerKey: 'ck_test',
  consumerSecret: 'cs_test',
}
const reasonOf = (settings: unknown) => {
  const check = checkSettings(settings)
  return check.state === 'invalid' ? check.reason : check.state
}

describe('the fulfilment adapter: off by default', () => {
  it('is off without settings, or unless they say fulfilment: true', () => {
    for (const settings of [
      undefined,
      null,
      {},
      'shopify',
      { ...shopify, fulfilment: undefined },
      { ...shopify, fulfilment: false },
      { ...woocommerce, fulfilment: 'true' },
    ]) {
      expect(checkSettings(settings)).toEqual({ state: 'off' })
      expect(fulfilmentAdapter(settings)).toBeNull()
    }
  })

  it('is on for each platform with its credentials', () => {
    expect(fulfilmentAdapter(shopify)?.platform).toBe('shopify')
    expect(fulfilmentAdapter(woocommerce)?.platform).toBe('woocommerce')
    expect(
      fulfilmentAdapter({ ...shopify, apiVersion: undefined, shopDomain: ' Entrepot-Demo.myshopify.com ' }),
    ).not.toBeNull()
  })

  it('stays off, saying why, when turned on without what it needs', () => {
    expect(reasonOf({ ...shopify, accessToken: '' })).toBe(
      'Le jeton d’accès Shopify manque : les expéditions ne peuvent pas être envoyées.',
    )
    expect(reasonOf({ ...woocommerce, consumerSecret: undefined })).toBe(
      'La clé ou le secret de l’API WooCommerce manque : les expéditions ne peuvent pas être envoyées.',
    )
    expect(reasonOf({ platform: 'prestashop', fulfilment: true })).toBe(
      'Plateforme inconnue : seules Shopify et WooCommerce peuvent recevoir les expéditions.',
    )
    expect(reasonOf({ ...shopify, accessToken: 42 })).toBe(
      'Les réglages de la plateforme sont illisibles : enregistrez-les de nouveau.',
    )
    expect(fulfilmentAdapter({ ...shopify, accessToken: '' })).toBeNull()
  })

  it('takes only a shop’s own myshopify.com domain', () => {
    for (const shopDomain of [
      'boutique.example',
      'https://entrepot-demo.myshopify.com',
      'entrepot-demo.myshopify.com.evil.example',
      '-demo.myshopify.com',
      'entrepot_demo.myshopify.com',
      'myshopify.com',
    ]) {
      expect(reasonOf({ ...shopify, shopDomain })).toBe(
        'Le domaine Shopify doit être de la forme boutique.myshopify.com (le domaine d’origine de la boutique, sans https://).',
      )
    }
  })

  it('takes a quarterly Shopify version from 2024-10 on', () => {
    for (const apiVersion of ['2024-07', '2025-02', 'latest', 'unstable'])
      expect(reasonOf({ ...shopify, apiVersion })).toMatch(/^La version de l’API Shopify/)
    expect(reasonOf({ ...shopify, apiVersion: '2024-10' })).toBe('on')
  })

  it('takes only an https address for WooCommerce, without credentials, query or fragment', () => {
    expect(reasonOf({ ...woocommerce, siteUrl: 'http://boutique.example' })).toBe(
      'L’adresse du site WooCommerce doit commencer par https:// : la clé et le secret y passent à chaque appel.',
    )
    expect(reasonOf({ ...woocommerce, siteUrl: 'boutique.example' })).toMatch(/n’est pas une adresse valide/)
    for (const siteUrl of [
      'https://a:b@boutique.example',
      'https://boutique.example/?p=1',
      'https://boutique.example/#x',
    ])
      expect(reasonOf({ ...woocommerce, siteUrl })).toMatch(/ni identifiants, ni « \? », ni « # »/)
  })
})

describe('the shipment, from the order.shipped event', () => {
  it('takes the carrier and each parcel’s tracking number, for the platform’s id of the order', () => {
    const data = eventDataSchemas['order.shipped'].parse({
      order: { reference: '#1001', name: 'ML-000042' },
      at: '2026-03-02T16:05:00.000Z',
      carrier: 'Colissimo',
      service: null,
      parcels: [
        {
          number: 1,
          weightGrams: 1200,
          trackingNumber: '6A12345678901',
          carrier: 'Colissimo',
          service: null,
          slip: 'B-1',
        },
      ],
    })
    expect(shippedOrderFrom(data, '450789469')).toEqual({
      platformOrderId: '450789469',
      carrier: 'Colissimo',
      parcels: [{ trackingNumber: '6A12345678901', carrier: 'Colissimo' }],
    })
  })
})
