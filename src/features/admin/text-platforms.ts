/** The admin area's French texts for a shop's Shopify or WooCommerce store (issue 34, docs/platforms.md). */
import type { Platform, PlatformResult } from '@contract'

const RESULTS: Record<PlatformResult, string> = {
  created: 'Commande créée',
  unchanged: 'Déjà reçue',
  cancelled: 'Annulée',
  ignored: 'Ignorée',
  refused: 'Refusée',
}

export const PLATFORM_NAMES: Record<Platform, string> = { shopify: 'Shopify', woocommerce: 'WooCommerce' }

export const platformText = {
  platform: {
    open: 'Plateforme',
    title: (shop: string) => `Boutique en ligne de ${shop}`,
    help: 'Une boutique sur Shopify ou WooCommerce envoie ses commandes par les webhooks de sa plateforme, signés avec son secret. Chaque envoi est créé, annulé, ignoré ou refusé avec la raison, ci-dessous.',
    platformLabel: 'Plateforme',
    none: 'Aucune (API ou import CSV)',
    secret: 'Secret de signature des webhooks',
    secretHint: (set: boolean) =>
      set
        ? 'Un secret est enregistré : laissez vide pour le garder, ou collez le nouveau.'
        : 'Shopify : la clé affichée sous la liste des webhooks (ou le secret de l’app). WooCommerce : le secret saisi dans le webhook.',
    address: 'Adresse à donner à la plateforme (format JSON)',
    addressHint: 'La plateforme doit joindre cette adresse en HTTPS depuis internet.',
    saved: (platform: string) => `Plateforme enregistrée : ${platform}.`,
    removed: 'Plus de plateforme : la boutique envoie ses commandes par l’API ou un import CSV.',
    deliveries: 'Envois reçus',
    noDeliveries: 'Aucun envoi reçu pour le moment.',
    when: 'Reçu le',
    topic: 'Sujet',
    order: 'Commande',
    result: 'Résultat',
    results: RESULTS,
    replay: 'Relire',
    replayLabel: (topic: string, reference: string) => `Relire ${topic} ${reference}`,
    replayed: (result: PlatformResult) => `Relu : ${RESULTS[result].toLowerCase()}.`,
    more: 'Plus',
    moreFailed: (detail: string) =>
      `Impossible de charger les envois suivants${detail ? ` : ${detail}` : '.'}`,
  },
}
