/** The French texts of the 'Picking scan' screen (its own module: they load with the screen). */
import { PICKING_COMMANDS } from '@contract'
import { plural } from '@/lib/french'

const scans = (n: number) => plural(n, 'scan', 'scans')

export const text = {
  opening: 'Recherche de votre session en cours…',

  listField: 'Liste de picking',
  listHint: 'Scannez le code-barres de la liste imprimée (ex. ML-MONO-GIFT-0042) ou saisissez son nom.',
  notAList: (code: string) => `« ${code} » est un code produit, pas une liste de picking.`,
  noSession: 'Aucune session en cours : scannez d’abord une liste de picking.',
  orNext: 'Ou prenez les prochaines commandes prêtes',
  shopField: 'Boutique',
  typeField: 'Type de picking',
  chooseShop: 'Choisissez une boutique',
  chooseType: 'Choisissez un type de picking',
  start: 'Démarrer',
  startIncomplete: 'Choisissez la boutique et le type de picking.',
  offlineStart: 'Hors ligne : une session ne s’ouvre qu’avec le réseau. Réessayez dès son retour.',
  unknownList: (name: string) => `Aucune liste « ${name} » à préparer.`,
  printCommands: 'Imprimer la feuille des codes',
  printCommandsHint: `${PICKING_COMMANDS.skip}, ${PICKING_COMMANDS.short} et ${PICKING_COMMANDS.close} à scanner au lieu de toucher l’écran.`,
  printed: 'Feuille des codes envoyée à l’imprimante A4.',

  batch: (name: string) => `Liste ${name}`,
  progress: (done: number, total: number) => `${done} / ${total}`,
  progressLabel: (done: number, total: number) => `${done} tâches traitées sur ${total}`,
  tasksDone: 'tâches',
  locationOk: 'Emplacement confirmé',
  locationToScan: 'Scannez l’emplacement',
  imageOf: (name: string) => `Image de ${name} (à venir)`,
  codes: (sku: string, ean: string) => `SKU ${sku} · EAN ${ean}`,
  quantity: (picked: number, quantity: number) => `${picked} / ${quantity}`,
  quantityLabel: 'pris',
  order: (name: string) => `Commande ${name}`,
  gift: 'Message cadeau',
  customization: 'Personnalisation',
  next: (location: string) => `Ensuite : ${location}`,
  lastTask: 'Dernière tâche de la liste',
  scanField: 'Scan',
  scanLocation: (location: string) => `Scannez l’emplacement ${location}.`,
  scanProduct: (name: string) => `Scannez le produit : ${name}.`,
  allDone: 'Toutes les tâches sont traitées : clôturez la session.',

  atLocation: (location: string) => `Emplacement ${location} confirmé.`,
  picked: (name: string, picked: number, quantity: number) => `${name} : ${picked} / ${quantity}.`,
  taskDone: (name: string, quantity: number) => `${name} : ${quantity} / ${quantity}, tâche terminée.`,
  locationFirst: (location: string) => `Scannez d’abord l’emplacement ${location}.`,
  wrongLocation: (location: string) => `Mauvais emplacement : attendu ${location}.`,
  wrongProduct: (name: string, sku: string) => `Mauvais produit : attendu ${name} (${sku}).`,
  tooMany: (name: string, picked: number, quantity: number) =>
    `${name} : ${picked} / ${quantity} déjà pris, pas plus que demandé.`,
  neither: (code: string, location: string, name: string, sku: string) =>
    `« ${code} » n’est ni l’emplacement ${location}, ni le produit ${name} (${sku}).`,
  nothingLeft: 'Plus rien à prendre : clôturez la session.',
  toTote: (name: string, order: string, tote: string | null) =>
    tote === null
      ? `${name} : posez-le dans une caisse vide pour la commande ${order}, puis scannez la caisse.`
      : `${name} : posez-le dans la caisse ${tote} (commande ${order}), puis scannez la caisse.`,
  toteFirst: (name: string, order: string, tote: string | null) =>
    `Scannez d’abord la caisse où vous posez ${name} (commande ${order}${tote === null ? '' : ` : ${tote}`}).`,
  wrongTote: (order: string, tote: string) =>
    `Mauvaise caisse : les articles de la commande ${order} vont dans la caisse ${tote}.`,
  toteTaken: (tote: string, order: string) =>
    `La caisse ${tote} contient déjà la commande ${order} : prenez une autre caisse.`,
  unknownTote: (tote: string) =>
    `Caisse ${tote} inconnue : aucune étiquette n’a été imprimée pour ce numéro (Impression caisse). Prenez une caisse étiquetée et scannez-la.`,
  productFirst: (name: string) => `Scannez d’abord le produit (${name}), puis la caisse.`,
  noTote: 'Liste mono : les articles vont au quai sans caisse. Scannez l’emplacement ou le produit.',
  inTote: (tote: string, said: string) => `Dans ${tote} · ${said}`,
  scanTote: (order: string, tote: string | null) =>
    tote === null ? `Scannez une caisse vide pour la commande ${order}.` : `Scannez la caisse ${tote}.`,
  toteOfOrder: (tote: string | null) => (tote === null ? 'Caisse à prendre' : tote),
  skipped: (name: string, location: string) => `Tâche passée : ${name} (${location}) reviendra en dernier.`,
  confirmShort: (name: string, order: string) =>
    `Manquant sur ${name} ? La commande ${order} passera en anomalie si aucune autre étagère n’en a. Scannez de nouveau ${PICKING_COMMANDS.short} ou touchez « Confirmer ».`,
  shorted: (name: string, order: string, crate?: { tote: string | null } | null) =>
    `Manquant enregistré : ${name}, commande ${order} en anomalie.${
      !crate
        ? ' Rien à mettre de côté : un responsable décide de la suite dans Information commande.'
        : crate.tote === null
          ? ` Prenez ses autres articles dans une caisse comme d'habitude ; à la clôture, posez la caisse de la commande ${order} sur l'étagère anomalies.`
          : ` Finissez ses autres articles dans la caisse ${crate.tote} ; à la clôture, posez la caisse ${crate.tote} sur l'étagère anomalies.`
    }`,
  confirmClose: (left: number) =>
    `Clôturer la session ?${left > 0 ? ` ${plural(left, 'tâche non faite', 'tâches non faites')} : leurs commandes seront remises à préparer.` : ''} Scannez de nouveau ${PICKING_COMMANDS.close} ou touchez « Confirmer ».`,

  skip: 'Passer',
  short: 'Manquant',
  confirm: 'Confirmer',
  confirmShortButton: 'Confirmer le manquant',
  close: 'Clôturer',

  redoTitle: (what: string, order: string) => `À refaire : ${what}, commande ${order}`,
  redoUnknown: 'À refaire : un scan refusé par le serveur',
  redoPick: (location: string, tote?: string) =>
    tote === undefined
      ? `L’article n’est pas compté : scannez de nouveau ${location}, puis le produit.`
      : `L’article n’est pas compté : sortez-le de la caisse ${tote}, puis scannez de nouveau ${location}, le produit et une caisse étiquetée.`,
  redoPutBack: (location: string, tote?: string) =>
    tote === undefined
      ? `Reposez l’article en ${location}.`
      : `Sortez l’article de la caisse ${tote} et reposez-le en ${location}.`,
  redoTask: (location: string) => `La tâche reste à faire : scannez de nouveau ${location}.`,
  redoDismiss: 'Fait',
  redoDismissLabel: (title: string) => `Fait : ${title}`,

  storeFailed: 'Scan non enregistré sur l’appareil : scannez à nouveau.',
  offline: 'Hors ligne : session reprise depuis l’appareil. Les scans partiront dès le retour du réseau.',
  queued: (n: number) => `${scans(n)} en attente d’envoi`,
  sessionGone: 'Cette session a été clôturée ailleurs : scannez une autre liste.',
  label: (batch: string, what: string) => `Picking ${batch} · ${what}`,
  labelPick: (name: string, location: string, tote?: string) =>
    `1 × ${name} (${location}${tote === undefined ? '' : ` → ${tote}`})`,
  labelSkip: (name: string) => `Passer ${name}`,
  labelShort: (name: string) => `Manquant ${name}`,

  waiting: (n: number) => (n > 1 ? `En attente de ${n} scans à envoyer…` : 'En attente d’1 scan à envoyer…'),
  closingNow: 'Clôture de la session…',
  closingScan:
    'Clôture en cours : ce scan n’est pas pris. Touchez « Reprendre le picking » pour continuer à prendre.',
  closeOffline:
    'Clôture impossible sans réseau : les scans sont gardés sur l’appareil. Réessayez dès le retour du réseau.',
  resume: 'Reprendre le picking',
  retryClose: 'Réessayer la clôture',

  closedTitle: (name: string) => `Session ${name} clôturée`,
  summaryPicked: 'Articles pris',
  summaryShort: 'Articles manquants',
  summarySkipped: 'Tâches non faites',
  ordersPicked: 'Commandes préparées',
  ordersException: 'Commandes en anomalie',
  ordersReleased: 'Commandes remises à préparer',
  restored: (batch: string, done: number, total: number) => `liste ${batch}, ${done} / ${total} tâches`,
}
