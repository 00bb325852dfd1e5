/** Every French text of the 'Expédition' screen (/warehouse/shipment), so they are checked in one place. */
import { plural } from '@/lib/french'

const kg = (grams: number) => `${(grams / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 3 })} kg`

export const text = {
  // the scan field, per step
  fieldStart: 'Liste, commande ou caisse',
  hintStart: 'Scannez une liste de picking mono (ML-MONO-…), une commande multi ou sa caisse (CAISSE-…).',
  fieldProduct: 'Produit',
  hintProduct: (batch: string) =>
    `Scannez chaque article de la liste ${batch} : son étiquette s'imprime aussitôt.`,
  fieldItem: 'Article ou emballage',
  hintItem: (order: string) => `Scannez chaque article de la commande ${order}, et l'emballage du colis.`,
  fieldLabel: 'Étiquette du colis',
  hintLabel: (order: string, n: number, count: number) =>
    `Scannez le numéro de suivi de l'étiquette imprimée (commande ${order}, colis ${n}/${count}).`,

  // start
  unknownStart: (code: string) =>
    `« ${code} » n'est ni une liste de picking, ni une commande, ni une caisse.`,
  productAtStart: 'Scannez d’abord une liste de picking, une commande ou sa caisse.',
  offlineStart: 'Serveur injoignable : scannez à nouveau dès le retour du réseau.',
  notReady: (order: string, status: string) =>
    `La commande ${order} est « ${status} » : elle n'est pas prête à être expédiée.`,
  nothingToPack: (order: string) =>
    `Tous les articles de la commande ${order} sont déjà dans des colis étiquetés : leurs étiquettes se réimpriment depuis l'écran Colis.`,
  batchDone: (batch: string) => `Liste ${batch} terminée : scannez la liste ou la commande suivante.`,
  finishFirst: 'Terminez d’abord le travail en cours (articles en attente d’envoi ou étiquettes à vérifier).',
  leave: 'Terminer',
  leaveMulti: 'Abandonner cette commande',
  confirmLeave: 'Toucher encore : les articles scannés seront effacés',

  // mono
  batch: (name: string) => `Liste ${name}`,
  left: (units: number, orders: number) =>
    `${plural(units, 'article', 'articles')} à expédier, ${plural(orders, 'commande', 'commandes')}`,
  productLeft: (left: number, picked: number, setAside = 0) =>
    `${left} / ${picked} restant${left > 1 ? 's' : ''}${setAside > 0 ? ` · ${setAside} mis de côté` : ''}`,
  /** Set aside: a label refused then 'Mettre de côté', or a short pick: the order is in exception. */
  batchSetAside: (n: number) =>
    `${plural(n, 'article mis de côté', 'articles mis de côté')} (commande en anomalie) : ${n > 1 ? 'ils se reprennent' : 'il se reprend'} dans l’écran Colis.`,
  setAsideUnit: (product: string, batch: string) =>
    `${product} : plus rien à expédier dans la liste ${batch}, le reste est mis de côté (commande en anomalie). Posez cet article avec sa commande : elle se reprend dans l’écran Colis.`,
  shipped: (product: string, order: string) => `${product} → commande ${order} : étiquette imprimée.`,
  notInBatch: (product: string, batch: string) => `Le produit ${product} n'est pas dans la liste ${batch}.`,
  allShipped: (product: string, batch: string) =>
    `Toutes les unités de ${product} de la liste ${batch} sont déjà expédiées : mettez cet article de côté.`,
  sending: (n: number) => (n > 1 ? `${n} scans en cours d’envoi…` : 'Envoi du scan…'),
  waiting: (n: number) =>
    `Hors ligne : ${plural(n, 'scan gardé', 'scans gardés')} sur l’appareil, ${n > 1 ? 'envoyés' : 'envoyé'} dès le retour du réseau.`,
  keptOffline: (product: string) => `${product} : gardé sur l’appareil, envoyé dès le retour du réseau.`,
  sendNow: 'Renvoyer maintenant',
  lastShipment: 'Dernier colis',
  order: 'Commande',
  customer: 'Client',
  carrier: 'Transporteur',
  tracking: 'N° de suivi',

  // multi
  orderTitle: (order: string, customer: string) => `Commande ${order} · ${customer}`,
  tote: (code: string) => `Caisse ${code}`,
  gift: 'Message cadeau',
  customization: 'Personnalisation',
  toScan: (n: number) =>
    n === 0 ? 'Tous les articles sont dans les colis.' : `${plural(n, 'article', 'articles')} à scanner`,
  lineCount: (scanned: number, room: number) => `${scanned} / ${room}`,
  parcel: (n: number) => `Colis ${n}`,
  parcelEmpty: 'Aucun article',
  box: 'Emballage',
  boxOption: (name: string, max: number) => `${name} (max ${kg(max)})`,
  weight: 'Poids (g)',
  estimate: (grams: number, withBox: boolean) => `Estimé : ${grams} g${withBox ? '' : ' (sans l’emballage)'}`,
  checkParcel: 'Vérifiez le colis',
  checkParcelDetail: (weighed: number, estimated: number) =>
    `${weighed} g pesés pour ${estimated} g estimés (écart de plus de 10 %). Vérifiez le contenu puis confirmez le poids.`,
  confirmWeight: 'Confirmer le poids',
  weightChecked: 'Poids confirmé',
  itemAdded: (product: string, n: number) => `${product} → colis ${n}.`,
  boxChosen: (box: string, n: number) => `Emballage ${box} pour le colis ${n}.`,
  notInOrder: (product: string, order: string) =>
    `Le produit ${product} ne fait pas partie de la commande ${order} : mettez-le de côté.`,
  tooMany: (product: string, room: number) =>
    `Une unité de trop : ${product}, ${room} à expédier, toutes déjà scannées. Mettez-la de côté.`,
  otherOrder: 'Terminez d’abord cette commande (« Valider »), ou abandonnez-la.',
  newParcel: 'Nouveau colis',
  validate: 'Valider',
  emptyParcel: 'Le colis est vide : scannez ses articles.',
  noBox: 'Choisissez l’emballage du colis (scannez-le ou touchez-le).',
  noWeight: 'Saisissez le poids du colis, en grammes.',
  tooHeavy: (max: number) => `Trop lourd : au plus ${kg(max)} pour cet emballage et ce transporteur.`,
  unitsLeft: (n: number) => `Il reste ${plural(n, 'article', 'articles')} à scanner.`,
  allPacked: 'Tous les articles sont déjà dans les colis.',
  validating: 'Envoi des colis…',
  sendingFirst: 'Colis en cours d’envoi : attendez leurs étiquettes avant de scanner.',
  printing: 'Étiquettes en cours…',
  multiWaiting: 'Hors ligne : les colis sont gardés sur l’appareil et partiront dès le retour du réseau.',
  labelPrinted: (order: string) => `Commande ${order} : étiquette imprimée.`,
  multiPrinted: (order: string, labels: number) =>
    `Commande ${order} : ${plural(labels, 'étiquette imprimée', 'étiquettes imprimées')} et le bon de livraison.`,

  // scan-to-verify
  verifySwitch: 'Vérifier chaque étiquette',
  verifySwitchHint: 'Un colis est fini quand son étiquette est scannée (réglage de ce poste).',
  toVerifyTitle: 'Étiquettes à scanner',
  verifyLine: (order: string, n: number, count: number, number: string) =>
    `${order} · colis ${n}/${count} · ${number}`,
  verified: (order: string, n: number, count: number) =>
    `Étiquette vérifiée : commande ${order}, colis ${n}/${count}.`,
  wrongLabel: 'Ce n’est pas l’étiquette de ce colis.',
  verifyFirst: (order: string) => `Scannez d’abord l’étiquette du colis de la commande ${order}.`,

  // reprint
  reprint: 'Réimprimer',
  reprintOf: (order: string, n: number, count: number) =>
    `Dernière étiquette : commande ${order}, colis ${n}/${count}`,
  reprinted: (order: string) => `Étiquette de la commande ${order} réimprimée.`,
  nothingToReprint: 'Aucune étiquette à réimprimer.',
  commandHint: 'Ou scannez ce code :',
  printFailed: (detail: string) => `Étiquette non imprimée : ${detail} Touchez « Réimprimer ».`,
  slipFailed: (detail: string) => `Bon de livraison non imprimé : ${detail}`,

  // label failure recovery
  failureTitle: (order: string) => `Étiquette refusée : commande ${order}`,
  /** What the card offers: another service only when the carrier has more than one (issue 31). */
  failureHint: (otherService: boolean) =>
    otherService
      ? 'Le transporteur a refusé l’étiquette. Le poste continue : réessayez, au besoin avec un autre service (ci-dessous), ou mettez la commande de côté.'
      : 'Le transporteur a refusé l’étiquette. Le poste continue : réessayez, ou mettez la commande de côté (l’écran Colis la reprend, un numéro créé ailleurs peut y être saisi).',
  retry: 'Réessayer',
  service: 'Service',
  setAsideButton: 'Mettre de côté',
  retrying: 'Nouvelle demande d’étiquette…',
  retryOffline: 'Serveur injoignable : réessayez dès le retour du réseau.',
  setAsideDone: (order: string) => `Commande ${order} mise de côté.`,
  setAsideFailed: (order: string, detail: string) => `Commande ${order} non mise de côté : ${detail}`,
  setAsideOffline: 'Serveur injoignable : réessayez dès le retour du réseau.',

  // put back
  putBackTitle: 'Commande annulée : ne pas expédier',
  putBackTo: 'Remettre en',
  putBackNoPlace: 'Remettre en stock (emplacement inconnu)',
  putBackOk: 'Article remis',

  restoredMono: (batch: string, pending: number) =>
    `liste ${batch}${pending > 0 ? `, ${plural(pending, 'scan', 'scans')} à envoyer` : ''}`,
  restoredMulti: (order: string, units: number) =>
    `commande ${order}, ${plural(units, 'article scanné', 'articles scannés')}`,
  restoredOther: (labels: number, failures: number) =>
    [
      labels > 0 ? `${plural(labels, 'étiquette', 'étiquettes')} à vérifier` : '',
      failures > 0 ? `${plural(failures, 'étiquette refusée', 'étiquettes refusées')}` : '',
    ]
      .filter(Boolean)
      .join(', '),
}
