/** The French texts of 'Retours en attente' (the second part of the 'Retour' screen). */
const articles = (n: number) => (n > 1 ? `${n} articles` : '1 article')

export const text = {
  tabReceive: 'Recevoir un colis',
  tabWaiting: 'Retours en attente',
  tabs: 'Retour : réception ou retours en attente',
  title: 'Retours en attente',
  loading: 'Chargement des retours en attente…',
  loadError: 'Impossible de charger les retours en attente.',
  none: 'Aucun retour en attente.',
  ofOrder: (number: string, order: string) => `${number} · commande ${order}`,
  withoutOrder: (number: string) => `${number} · sans commande`,
  units: (n: number, outside: number) =>
    outside > 0 ? `${articles(n)}, dont ${outside} hors commande` : articles(n),
  line: (quantity: number, name: string, sku: string | null) =>
    `${quantity} × ${name}${sku ? ` (${sku})` : ''}`,
  outOfOrder: 'Hors commande',
  receivedAt: (at: string) => `Reçu le ${new Date(at).toLocaleString('fr-FR')}`,
  attach: 'Rattacher à une commande',
  orderField: 'Commande ou numéro de suivi',
  orderHint: 'Scannez la commande retrouvée : ses articles sont vérifiés à nouveau.',
  close: 'Clore',
  confirmClose: 'Confirmer la clôture',
  closeHint: 'Clos tel quel : ses articles restent dans RETOURS.',
  back: 'Retour',
  pendingSend: 'Décision en attente d’envoi',
  attachLabel: (number: string, order: string) => `Retour ${number} · rattaché à ${order}`,
  closeLabel: (number: string) => `Retour ${number} · clos`,
  attached: (number: string, order: string) => `Retour ${number} rattaché à la commande ${order} : reçu.`,
  attachedWaiting: (number: string, order: string) =>
    `Retour ${number} rattaché à la commande ${order} : des articles restent hors commande, il reste en attente.`,
  closed: (number: string) => `Retour ${number} clos : ses articles restent dans RETOURS.`,
  queued: (number: string) =>
    `Retour ${number} : décision enregistrée sur l'appareil, elle sera envoyée au retour du réseau.`,
} as const
