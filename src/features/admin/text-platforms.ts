/** The admin area's French texts for a shop's Shopify or WooCommerce store (issue 34, docs/platforms.md). */
import type { Platform, PlatformFulfilmentState, PlatformResult } from '@contract'

const RESULTS: Record<PlatformResult, string> = {
  created: 'Commande créée',
  unchanged: 'Déjà reçue',
  cancelled: 'Annulée',
  ignored: 'Ignorée',
  refused: 'Refusée',
}

const FULFILMENT_STATES: Record<PlatformFulfilmentState, string> = {
  pending: 'En attente',
  sent: 'Envoyée',
  refused: 'Refusée',
  failed: 'Abandonnée',
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
  /** Sending the shipments back to the store (docs/platforms.md, 'Shipments sent back'). */
  fulfilment: {
    section: 'Renvoyer les expéditions à la boutique',
    enabled: "Envoyer l'expédition à la boutique (commande expédiée, numéros de suivi)",
    shopDomain: 'Domaine Shopify',
    shopDomainPlaceholder: 'boutique.myshopify.com',
    shopDomainHint: "Le domaine d'origine de la boutique, sans https://.",
    accessToken: "Jeton d'accès de l'application",
    accessTokenHint: (set: boolean) =>
      set
        ? 'Un jeton est enregistré : laissez vide pour le garder, ou collez le nouveau.'
        : "Le jeton Admin API de l'app de la boutique (droits sur les expéditions des commandes).",
    siteUrl: 'Adresse du site',
    siteUrlPlaceholder: 'https://boutique.example',
    consumerKey: 'Clé client',
    consumerSecret: 'Secret client',
    consumerHint: (set: boolean) =>
      set
        ? 'Une clé et un secret sont enregistrés : laissez vide pour les garder, ou collez les nouveaux.'
        : "La clé de l'API REST de WooCommerce, avec le droit d'écriture.",
    notifyCustomer: 'Prévenir le client',
    list: 'Expéditions renvoyées à la boutique',
    empty: "Aucune expédition renvoyée pour l'instant.",
    shippedAt: 'Expédiée le',
    order: 'Commande',
    platformOrder: (id: string) => `Sur la boutique : ${id}`,
    state: 'État',
    states: FULFILMENT_STATES,
    attempts: 'Essais',
    sentAt: (at: string) => `Envoyée le ${at}`,
    nextAttemptAt: (at: string) => `Prochain essai le ${at}`,
    resend: 'Renvoyer',
    resendLabel: (order: string) => `Renvoyer l'expédition de ${order}`,
    resent: (order: string) => `Expédition de ${order} renvoyée à la boutique.`,
    more: 'Plus',
    moreFailed: (detail: string) =>
      `Impossible de charger les expéditions suivantes${detail ? ` : ${detail}` : '.'}`,
  },
}
