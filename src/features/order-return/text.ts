/** The French texts of the 'Retour' screen (kept out of src/lib/messages.ts, which is on the first-screen path). */
import { formatDateTime } from '@/lib/dates'
import { ROLE_LABELS } from '@/lib/role-labels'
import { flowText } from '@/features/scanning'

const { articles } = flowText

export const text = {
  parcelField: 'Colis ou commande',
  parcelHint: 'Scannez le numéro de suivi du colis ou le numéro de commande.',
  park: 'Mettre en attente sans commande',
  search: 'Rechercher par client',
  searchTitle: "Rechercher la commande d'une boutique",
  shop: 'Boutique',
  searchField: 'Client, e-mail, commande ou numéro de suivi',
  searchGo: 'Chercher la commande',
  searchClose: 'Fermer la recherche',
  /** What the buttons show on a 360 px screen (their names above say it in full). */
  searchGoShort: 'Chercher',
  searchCloseShort: 'Fermer',
  searching: 'Recherche…',
  noResult: 'Aucune commande expédiée ne correspond.',
  result: (name: string, customer: string, date: string) => `${name} · ${customer} · ${date}`,
  parkHint: "Aucune commande trouvée : le colis est reçu sans commande et attend qu'on la retrouve.",
  notFound: (code: string) => `Commande introuvable : aucune commande ni aucun colis « ${code} ».`,
  manyFound: (code: string) => `« ${code} » désigne plusieurs commandes : scannez le numéro de commande.`,
  order: (name: string) => `Commande ${name}`,
  notReturnable: (name: string, status: string) =>
    `La commande ${name} est « ${status} » : seule une commande expédiée peut être retournée. Mettez le colis en attente sans commande si besoin.`,
  unverified: (code: string) => `Commande ${code} (non vérifiée)`,
  unverifiedOffline: 'Commande non vérifiée (hors ligne) : le serveur la contrôlera à la validation.',
  unverifiedNoRole: `Aperçu de la commande indisponible sans le rôle ${ROLE_LABELS.Print} (Information commande) : le serveur la contrôlera à la validation.`,
  unverifiedUnchecked: 'Commande non vérifiée : le serveur la contrôlera à la validation.',
  parked: 'Colis sans commande',
  parkedCode: (code: string) => `Code scanné : ${code}`,
  parkedNote: (code: string) => `Code scanné sur le colis : ${code}`,
  customer: (name: string, email: string | null) => (email ? `${name} · ${email}` : name),
  status: (label: string) => `Statut : ${label}`,
  previewTitle: 'Articles de la commande',
  previewHead: {
    shipped: 'Expédié',
    returned: 'Déjà retourné',
    returnable: 'Retournable',
  },
  origin: 'Origine du retour',
  originsLoading: 'Chargement des origines…',
  originsError: 'Impossible de charger les origines de retour.',
  noOrigins: "Aucune origine de retour n'est définie.",
  waitReason: "Motif d'attente",
  waitReasonNeeded: "Le retour sera mis en attente : choisissez le motif d'attente.",
  waitReasonOptional: "Si un article n'est pas dans la commande, le retour attendra : choisissez le motif.",
  waitReasonsLoading: "Chargement des motifs d'attente…",
  waitReasonsError: "Impossible de charger les motifs d'attente.",
  pick: 'Choisir…',
  itemField: 'Article',
  itemHint: 'Scannez chaque article du colis : chaque scan du même article ajoute 1.',
  locationField: 'Emplacement de remise en stock',
  locationHint: (name: string) => `${name} : scannez l'emplacement où il est rangé.`,
  later: 'Plus tard',
  scanLocation: "Scanner l'emplacement",
  lines: 'Articles reçus',
  noLine: 'Aucun article scanné.',
  outOfOrder: 'Hors commande',
  outOfOrderNote: 'Hors commande : mis en quarantaine dans RETOURS, le retour attendra une décision.',
  unchecked: 'Non vérifié : le serveur le contrôlera à la validation.',
  /** More than shipped and not yet returned: refused on the device, never lowered silently. */
  overReturn: (name: string, returnable: number, shipped: number, returned: number) =>
    returnable === 0
      ? `${name} : rien à retourner (expédié ${shipped}, déjà retourné ${returned}).`
      : `${name} : au plus ${returnable} à retourner (expédié ${shipped}, déjà retourné ${returned}).`,
  atMost: (max: number) => `Au plus ${max} à retourner.`,
  condition: 'État',
  disposition: 'Destination',
  location: (name: string) => `Emplacement : ${name}`,
  change: 'Changer',
  changeLocation: (name: string) => `Changer l'emplacement de ${name}`,
  /** 'ML-0001 · 1 sur 2 retournables'. */
  lineDetail: (sku: string, quantity: number, max: number) =>
    `${sku} · ${quantity} sur ${max} ${max > 1 ? 'retournables' : 'retournable'}`,
  showOrder: (n: number) => (n > 1 ? `Voir les ${n} lignes de la commande` : 'Voir la ligne de la commande'),
  hideOrder: 'Masquer les lignes de la commande',
  locationUnverified: (name: string) => `Emplacement : ${name} (non vérifié)`,
  locationMissing: "Scannez l'emplacement de remise en stock.",
  quarantine: 'En quarantaine dans RETOURS.',
  scrapReason: 'Motif de rebut',
  scrapReasonMissing: 'Choisissez un motif de rebut.',
  scrapReasonsLoading: 'Chargement des motifs de rebut…',
  scrapReasonsError: 'Impossible de charger les motifs de rebut.',
  split: 'Séparer 1 article',
  todo: 'Avant de valider :',
  todoParcel: 'scannez le colis ou la commande',
  todoOrigin: "choisissez l'origine du retour",
  todoWaitReason: "choisissez le motif d'attente",
  todoItem: 'scannez au moins un article',
  todoLines: 'complétez les articles signalés',
  validate: 'Valider le retour',
  label: (what: string, n: number) => `Retour · ${what} · ${articles(n)}`,
  what: (order: string | null) => (order === null ? 'colis sans commande' : `commande ${order}`),
  done: (what: string, n: number) => `Retour enregistré : ${what}, ${articles(n)}.`,
  doneWaiting: (what: string, n: number) =>
    `Retour enregistré en attente d'une décision : ${what}, ${articles(n)}.`,
  queued: (what: string, n: number) =>
    `Retour en attente d'envoi : ${what}, ${articles(n)}. Il sera envoyé au retour du réseau.`,
  recent: 'Derniers retours',
  recentLine: (what: string, n: number) => `${what} · ${articles(n)}`,
  draft: (what: string, n: number) => `${what}, ${articles(n)}`,
  cancelWhat: (what: string, n: number) => `le retour (${what}, ${articles(n)})`,
  reopenBusy: 'Un retour est déjà en cours : validez-le ou annulez-le, puis reprenez l’envoi refusé.',
} as const

/** The texts of 'Retours en attente' (the second tab of the screen). */
export const waitingText = {
  tabReceive: 'Recevoir un colis',
  tabWaiting: 'Retours en attente',
  tabs: 'Retour : réception ou retours en attente',
  loading: 'Chargement des retours en attente…',
  loadError: 'Impossible de charger les retours en attente.',
  none: 'Aucun retour en attente.',
  ofOrder: (number: string, order: string) => `${number} · commande ${order}`,
  withoutOrder: (number: string) => `${number} · sans commande`,
  units: (n: number, outside: number) =>
    outside > 0 ? `${articles(n)}, dont ${outside} hors commande` : articles(n),
  line: (quantity: number, name: string, sku: string | null) =>
    `${quantity} × ${name}${sku ? ` (${sku})` : ''}`,
  outOfOrder: text.outOfOrder,
  receivedAt: (at: string) => `Reçu le ${formatDateTime(at)}`,
  attach: 'Rattacher à une commande',
  orderField: 'Commande ou numéro de suivi',
  orderHint: 'Scannez la commande retrouvée : ses articles sont vérifiés à nouveau.',
  close: 'Clore',
  confirmClose: 'Confirmer la clôture',
  closeHint: 'Clos tel quel : ses articles restent dans RETOURS.',
  /** Leaves the order field: a button 'Retour' would read as the screen's own name. */
  back: flowText.cancel,
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
