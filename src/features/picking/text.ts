/** The French texts of the pick-list screens (their own module, so they load with these screens). */
import { formatDateTime } from '@/lib/dates'
import { plural } from '@/lib/french'

export const orders = (n: number) => plural(n, 'commande', 'commandes')
export const units = (n: number) => plural(n, 'article', 'articles')

export const pickingText = {
  shopsSubtitle: 'Choisissez la boutique à préparer',
  noShop: "Aucune boutique ne vous est attribuée : demandez l'accès à votre responsable.",
  nothingReady: 'Aucune commande à préparer',
  emptyShops: 'Sans commande prête',
  readyCount: (n: number) => `${orders(n)} à préparer`,
  otherShops: 'Changer de boutique',

  mono: 'Mono-article',
  multi: 'Multi-articles',
  campaigns: 'Campagnes',
  choice: 'Liste à imprimer',
  counts: (o: number, u: number) => `${orders(o)} · ${units(u)}`,
  loadingCounts: 'Chargement des commandes prêtes…',
  countsError: 'Impossible de charger les commandes prêtes.',
  campaignsError: 'Impossible de charger les campagnes.',
  noCampaign: 'Aucune campagne avec des commandes prêtes.',
  retry: 'Réessayer',

  ordersField: 'Nombre de commandes',
  ordersHint: (max: number) => `De 1 à ${max}`,
  print: 'Imprimer',
  chooseFirst: 'Choisissez un type de picking ou une campagne.',
  noneReadyFor: 'Aucune commande prête pour ce choix : rien à imprimer.',
  ordersMissing: 'Indiquez le nombre de commandes à prendre.',
  ordersWhole: 'Le nombre de commandes doit être un nombre entier.',
  ordersMin: 'Prenez au moins 1 commande.',
  ordersMax: (max: number) => `Au plus ${max} commandes par liste.`,
  ordersReady: (ready: number) =>
    ready > 1
      ? `Seules ${ready} commandes sont prêtes : prenez-en ${ready} au plus.`
      : 'Une seule commande est prête.',

  claiming: 'Réservation des commandes…',
  preparing: 'Préparation de la liste…',
  printingElement: (n: number, total: number) => `Impression ${n} / ${total}…`,
  printed: (name: string) => `Liste ${name} imprimée`,
  /** After a failed attempt that got no answer: the same click again gets the same list. */
  retrySame: (message: string) =>
    `${message} Cliquez à nouveau sur « Imprimer » : si la liste a déjà été créée, c'est elle qui sera imprimée.`,
  claimedNotPrinted: (name: string, reason: string) =>
    `La liste ${name} est créée (ses commandes vous sont réservées) mais n'a pas été imprimée : ${reason} Réimprimez-la ci-dessous une fois le problème réglé.`,
  noA4Printer: 'Aucune imprimante A4 configurée pour ce poste : la liste ne peut pas être imprimée ici.',
  agentWarning: "Le logiciel d'impression QZ Tray ne répond pas : lancez-le avant d'imprimer.",

  recent: 'Dernières listes imprimées sur ce poste',
  reprint: 'Réimprimer',
  reprintLabel: (name: string) => `Réimprimer ${name}`,
  reprinted: (name: string) => `Liste ${name} réimprimée`,
  printedAt: (iso: string) => {
    const date = new Date(iso)
    return Number.isNaN(date.getTime()) ? '' : formatDateTime(date)
  },
}
