/**
 * A shop's platform settings for sending its shipments back (README.md beside this file). Off by
 * default: nothing is sent unless the settings say `fulfilment: true`, with the credentials and
 * an address that passes the checks below. The reasons are the French sentences the admin area
 * would show beside the settings.
 */
import { z } from 'zod/mini'

/** A shop's own myshopify.com domain: never the public one, never a URL. */
export const SHOPIFY_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/
/** Shopify's quarterly versions. */
const SHOPIFY_VERSION = /^\d{4}-(01|04|07|10)$/
/** The first version whose reference documents fulfillmentCreate with FulfillmentInput. */
const FIRST_SHOPIFY_VERSION = '2024-10'
/** The version the requests were checked against (the reference page's), when a shop names none. */
export const DEFAULT_SHOPIFY_VERSION = '2026-01'

const text = z.optional(z.string().check(z.trim()))
const common = { fulfilment: z.optional(z.boolean()), notifyCustomer: z.optional(z.boolean()) }

export const platformSettingsSchema = z.discriminatedUnion('platform', [
  z.object({
    platform: z.literal('shopify'),
    ...common,
    shopDomain: text,
    apiVersion: text,
    accessToken: text,
  }),
  z.object({
    platform: z.literal('woocommerce'),
    ...common,
    siteUrl: text,
    consumerKey: text,
    consumerSecret: text,
  }),
])
export type PlatformSettings = z.input<typeof platformSettingsSchema>

/** Checked settings, ready to build requests from. */
export type Connection =
  | {
      platform: 'shopify'
      shopDomain: string
      apiVersion: string
      accessToken: string
      notifyCustomer: boolean
    }
  | {
      platform: 'woocommerce'
      baseUrl: string
      consumerKey: string
      consumerSecret: string
      notifyCustomer: boolean
    }

export type SettingsCheck =
  { state: 'off' } | { state: 'invalid'; reason: string } | { state: 'on'; connection: Connection }

const invalid = (reason: string): SettingsCheck => ({ state: 'invalid', reason })

/** Whether these settings send the shipments back, and if they cannot, why. */
export function checkSettings(settings: unknown): SettingsCheck {
  if (typeof settings !== 'object' || settings === null) return { state: 'off' }
  if ((settings as { fulfilment?: unknown }).fulfilment !== true) return { state: 'off' }
  const { platform } = settings as { platform?: unknown }
  if (platform !== 'shopify' && platform !== 'woocommerce')
    return invalid('Plateforme inconnue : seules Shopify et WooCommerce peuvent recevoir les expéditions.')
  const parsed = platformSettingsSchema.safeParse(settings)
  if (!parsed.success)
    return invalid('Les réglages de la plateforme sont illisibles : enregistrez-les de nouveau.')
  const found = parsed.data
  const notifyCustomer = found.notifyCustomer ?? true
  if (found.platform === 'shopify') {
    const shopDomain = (found.shopDomain ?? '').toLowerCase()
    if (!SHOPIFY_DOMAIN.test(shopDomain))
      return invalid(
        'Le domaine Shopify doit être de la forme boutique.myshopify.com (le domaine d’origine de la boutique, sans https://).',
      )
    const apiVersion = found.apiVersion || DEFAULT_SHOPIFY_VERSION
    if (!SHOPIFY_VERSION.test(apiVersion) || apiVersion < FIRST_SHOPIFY_VERSION)
      return invalid(
        `La version de l’API Shopify doit être de la forme 2026-01, ${FIRST_SHOPIFY_VERSION} ou plus récente.`,
      )
    if (!found.accessToken)
      return invalid('Le jeton d’accès Shopify manque : les expéditions ne peuvent pas être envoyées.')
    return {
      state: 'on',
      connection: {
        platform: 'shopify',
        shopDomain,
        apiVersion,
        accessToken: found.accessToken,
        notifyCustomer,
      },
    }
  }
  const baseUrl = wooBaseUrl(found.siteUrl ?? '')
  if (typeof baseUrl !== 'string') return baseUrl
  if (!found.consumerKey || !found.consumerSecret)
    return invalid(
      'La clé ou le secret de l’API WooCommerce manque : les expéditions ne peuvent pas être envoyées.',
    )
  const { consumerKey, consumerSecret } = found
  return {
    state: 'on',
    connection: { platform: 'woocommerce', baseUrl, consumerKey, consumerSecret, notifyCustomer },
  }
}

/** The site's address without its trailing slash (WordPress may live in a folder), or why not. */
function wooBaseUrl(siteUrl: string): string | SettingsCheck {
  let url: URL
  try {
    url = new URL(siteUrl)
  } catch {
    return invalid('L’adresse du site WooCommerce n’est pas une adresse valide (https://boutique.example).')
  }
  // The key and the secret go in every call's Authorization header: never in clear.
  if (url.protocol !== 'https:')
    return invalid(
      'L’adresse du site WooCommerce doit commencer par https:// : la clé et le secret y passent à chaque appel.',
    )
  if (url.username || url.password || url.search || url.hash)
    return invalid('L’adresse du site WooCommerce ne doit contenir ni identifiants, ni « ? », ni « # ».')
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}
