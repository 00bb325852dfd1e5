/** The admin area's French texts for a shop's webhook endpoints (issue 34, docs/webhooks.md). */
import type { EventType, WebhookDelivery, WebhookEndpoint } from '@contract'
import { plural } from '@/lib/french'

export const EVENT_LABELS: Record<EventType, string> = {
  'order.status_changed': 'Changement de statut d’une commande',
  'order.shipped': 'Commande expédiée (transporteur, colis, suivis)',
  'order.exception': 'Commande mise de côté',
  'order.exception_resolved': 'Commande sortie de son exception',
  'order.cancelled': 'Commande annulée',
  'return.received': 'Retour client reçu',
  'stock.changed': 'Stock modifié (toutes les 5 s)',
  'reception.completed': 'Réception attendue clôturée (écarts par produit)',
  'webhook.test': 'Essai',
}

const PAUSES: Record<NonNullable<WebhookEndpoint['pausedReason']>, string> = {
  manual: 'En pause',
  failing: 'En pause : échecs répétés',
  gone: 'En pause : le destinataire a répondu 410 (supprimé)',
}

const STATUSES: Record<WebhookDelivery['status'], string> = {
  pending: 'en attente',
  delivered: 'reçu',
  failed: 'abandonné',
}

export const webhooksText = {
  webhooks: {
    open: 'Webhooks',
    title: (shop: string) => `Webhooks de ${shop}`,
    help: 'Les systèmes de la boutique reçoivent ce que fait l’entrepôt (expéditions, exceptions, stock…), signé (Standard Webhooks), au moins une fois, dans l’ordre pour une même commande, avec des essais pendant trois jours. La boutique peut aussi les gérer par son API (/api/v1/webhooks).',
    url: 'Adresse de réception',
    urlHint: 'https://… sur une adresse publique',
    events: 'Événements',
    description: 'Description',
    allowPrivate: 'Système du site (adresse privée ou locale, http permis)',
    allowPrivateHint:
      'À cocher seulement pour un système installé dans l’entrepôt : le serveur refuse sinon toute adresse privée.',
    create: 'Ajouter',
    created: (url: string) => `Point de réception ${url} ajouté.`,
    secretTitle: 'Secret de signature : copiez-le maintenant',
    secretHelp: 'Il ne sera plus jamais affiché. La boutique s’en sert pour vérifier chaque envoi.',
    secretLabel: 'Secret (whsec_…)',
    copy: 'Copier le secret',
    copied: 'Secret copié',
    copyByHand:
      'Sélectionnez le secret et copiez-le (Ctrl+C) : la copie en un clic demande une page en https.',
    none: 'Aucun point de réception pour cette boutique.',
    active: 'Actif',
    paused: (reason: WebhookEndpoint['pausedReason']) => (reason ? PAUSES[reason] : PAUSES.manual),
    failing: (n: number, since: string) => `${plural(n, 'échec', 'échecs')} d’affilée depuis le ${since}`,
    pause: 'Mettre en pause',
    resume: 'Reprendre',
    resumed: (url: string) => `${url} reprend : les envois en attente partent maintenant.`,
    pausedDone: (url: string) => `${url} est en pause.`,
    test: 'Envoyer un essai',
    tested: 'Essai envoyé : voyez sa réception dans les envois.',
    rotate: 'Nouveau secret',
    confirmRotate: 'Faire un nouveau secret ? L’ancien signe encore pendant 24 heures.',
    rotated: 'Nouveau secret fait : l’ancien signe encore pendant 24 heures.',
    remove: 'Supprimer',
    confirmRemove: (url: string) => `Supprimer ${url} ? Ce qu’il n’a pas reçu ne sera pas envoyé.`,
    removed: (url: string) => `${url} supprimé.`,
    deliveries: 'Envois',
    hideDeliveries: 'Masquer les envois',
    noDeliveries: 'Aucun envoi pour le moment.',
    more: 'Plus',
    moreFailed: (detail: string) =>
      `Impossible de charger les envois suivants${detail ? ` : ${detail}` : '.'}`,
    status: (s: WebhookDelivery['status']) => STATUSES[s],
    event: 'Événement',
    state: 'État',
    attempts: 'Essais',
    answer: 'Réponse',
    when: 'Dernier essai',
    next: (at: string) => `prochain essai le ${at}`,
    redeliver: 'Renvoyer',
    redelivered: (n: number) => plural(n, 'envoi remis en file', 'envois remis en file'),
    failedSince: 'Renvoyer les envois abandonnés depuis',
    redeliverFailed: 'Renvoyer les échecs',
    eventsLabel: (events: readonly EventType[]) => events.map((e) => EVENT_LABELS[e]).join(' · '),
  },
}
