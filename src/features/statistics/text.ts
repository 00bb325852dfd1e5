/** The French texts of the home screen's figures (their own module: they load with the panel). */
import { formatTime } from '@/lib/dates'
import { plural, timeLeft } from '@/lib/french'

const kgFormat = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

export const text = {
  title: "Aujourd'hui",
  loading: 'Chargement des chiffres du jour…',
  loadFailed: 'Impossible de charger les chiffres du jour.',
  retry: 'Réessayer',
  /** When the figures were read: fresh, offline, or not refreshed (the server did not answer). */
  at: (time: string) => `Mis à jour à ${time}`,
  offlineAt: (time: string) => `Hors ligne : chiffres de ${time}`,
  staleAt: (time: string) => `Chiffres de ${time} (pas de mise à jour)`,
  time: (iso: string) => formatTime(iso),

  shopsTitle: 'À préparer',
  ready: (n: number) => plural(n, 'commande à préparer', 'commandes à préparer'),
  nothingReady: 'Aucune commande à préparer.',
  units: (n: number) => plural(n, 'unité', 'unités'),
  prepare: 'Préparer',
  prepareShop: (shop: string) => `Préparer ${shop}`,

  figuresTitle: 'Le travail du jour',
  figuresScope: 'Vos boutiques',
  warehouseTotal: (n: number) => `Entrepôt : ${n}`,
  figures: {
    // What the server counts (contract: orders put in a printed picking list), not the lists.
    printed: 'Commandes sur listes imprimées',
    picked: 'Préparées',
    packed: 'Emballées',
    shipped: 'Expédiées',
    unitsShipped: 'Unités expédiées',
    returns: 'Retours reçus',
    unitsScrapped: 'Unités au rebut',
    unitsReceived: 'Unités réceptionnées',
  },

  chartTitle: 'Par heure',
  chartEmpty: "Rien de préparé, d'emballé ni d'expédié pour l'instant.",
  chartLabel: 'Commandes préparées, emballées et expédiées par heure',
  hour: (hour: number) => `${hour} h`,
  series: { picked: 'Préparées', packed: 'Emballées', shipped: 'Expédiées' },

  carriersTitle: 'Enlèvements',
  noCarriers: 'Aucun colis en attente d’enlèvement.',
  parcels: (n: number) => plural(n, 'colis', 'colis'),
  weight: (grams: number) => `${kgFormat.format(grams / 1000)} kg`,
  pickup: (time: string) => `Enlèvement ${time}`,
  /** Minutes to the pickup, or how long ago it passed. */
  due: timeLeft,
  slips: 'Bordereaux',
} as const
