/**
 * The French words of the picking sessions: what the handheld says after each scan, and every
 * refusal (thrown through kernel/errors.ts, those a client must tell apart with their own error
 * code: a wrong product is not an unknown code).
 */

/** "Tasse bleue (ML-0001)": how a product is named to a picker. */
export const productLabel = (p: { name: string; sku: string }) => `${p.name} (${p.sku})`

export const SESSION_MESSAGES = {
  // create / resume
  noneOpen: 'Aucune session de picking en cours.',
  alreadyOpen: (batch: string) =>
    `Vous avez déjà une session de picking en cours (liste ${batch}) : reprenez-la ou clôturez-la avant d'en ouvrir une autre.`,
  batchOrType: "Scannez le nom d'une liste, ou choisissez une boutique et un type de picking.",
  unknownBatch: (name: string) => `Liste de picking inconnue : ${name}`,
  foreignBatch: (name: string) =>
    `La liste ${name} est celle d'une boutique à laquelle vous n'avez pas accès.`,
  batchClosed: (name: string) => `La liste ${name} est clôturée : il n'y a plus rien à y préparer.`,
  batchBusy: (name: string, who: string) => `La liste ${name} est déjà en cours avec ${who}.`,
  batchEmpty: (name: string) => `La liste ${name} n'a plus aucune ligne à préparer.`,
  // pick
  unknownSession: (id: number) => `Session de picking inconnue : ${id}`,
  foreignSession: (who: string) => `Cette session de picking est celle de ${who}.`,
  sessionClosed: 'Cette session de picking est clôturée : ouvrez-en une nouvelle.',
  unknownTask: (id: number) => `Tâche inconnue dans cette session : ${id}`,
  codeRequired: 'Scannez un emplacement ou un produit.',
  closeCommand: 'Pour clôturer, utilisez le bouton « Clôturer ».',
  locationOk: (name: string) => `Emplacement ${name} confirmé`,
  wrongLocation: (scanned: string, expected: string) =>
    `Mauvais emplacement : ${scanned} scanné, attendu ${expected}.`,
  wrongProduct: (expected: string) => `Mauvais produit : attendu ${expected}.`,
  tooMany: (product: string, quantity: number) =>
    `Quantité déjà prise : ${quantity} / ${quantity} pour ${product}. Remettez l'article à sa place.`,
  unknownCode: (code: string) => `Code inconnu : ${code}`,
  orderCancelled: (order: string) => `La commande ${order} a été annulée : remettez l'article à sa place.`,
  orderNotPicking: (order: string, state: string) =>
    `La commande ${order} n'est plus en préparation (« ${state} ») : ne la prélevez pas.`,
  taskDone: 'Cette tâche est déjà terminée : passez à la suivante.',
  taskShort: 'Cette tâche a été déclarée manquante : passez à la suivante.',
  taskCancelled: 'Cette tâche est annulée : passez à la suivante.',
  noStock: (product: string, location: string, available: number) =>
    `Stock insuffisant pour ${product} en ${location} : ${available} disponible(s). Signalez « Manquant » s'il n'y en a plus.`,
  picked: (name: string, picked: number, quantity: number) => `1 × ${name} pris : ${picked} / ${quantity}`,
  orderPicked: (order: string) => `Commande ${order} complète.`,
  toteRequired: (order: string, tote: string | null) =>
    tote === null
      ? `Posez l'article dans une caisse vide pour la commande ${order} et scannez la caisse.`
      : `Posez l'article dans la caisse ${tote} de la commande ${order} et scannez la caisse.`,
  wrongTote: (order: string, tote: string) =>
    `Les articles de la commande ${order} vont dans la caisse ${tote}.`,
  unknownTote: (tote: string) =>
    `Caisse ${tote} inconnue : aucune étiquette n'a été imprimée pour ce numéro (Impression caisse).`,
  toteTaken: (tote: string, order: string) =>
    `La caisse ${tote} contient déjà la commande ${order} : prenez une autre caisse.`,
  skipped: (location: string) => `Tâche passée (${location}) : elle reviendra en fin de liste.`,
  short: (rest: number, name: string, location: string, order: string) =>
    `Manquant enregistré : ${rest} × ${name} en ${location}. Commande ${order} en anomalie, comptage demandé.`,
  /** What the picker does with a multi order's units after a short pick: they stay together in its crate. */
  shortMulti: (order: string, tote: string | null) =>
    tote === null
      ? `Prenez ses autres articles dans une caisse comme d'habitude ; à la clôture, posez la caisse de la commande ${order} sur l'étagère anomalies.`
      : `Finissez ses autres articles dans la caisse ${tote} ; à la clôture, posez la caisse ${tote} sur l'étagère anomalies.`,
  /** A mono order's units go to the dock by product: nothing to set apart, a supervisor decides. */
  shortMono: 'Rien à mettre de côté : un responsable décide de la suite dans Information commande.',
  /** Re-reserve first: the missing units are taken at another shelf, the order goes on. */
  relocated: (rest: number, name: string, location: string) =>
    `Manquant enregistré : ${rest} × ${name} en ${location}, comptage demandé.`,
  goTo: (location: string, quantity: number, name: string, order: string) =>
    `Allez à ${location} : ${quantity} × ${name} pour la commande ${order}.`,
  stillShort: (short: number, order: string) =>
    `Il en manque encore ${short} : commande ${order} en anomalie.`,
  shortReason: (location: string, rest: number, sku: string) => `Manquant en ${location} : ${rest} × ${sku}`,
  countReason: (rest: number, sku: string, batch: string) =>
    `Manquant au picking : ${rest} × ${sku} (liste ${batch})`,
  // close
  released: 'Session clôturée',
  /** The crates of orders in exception, named at the close: they wait for a supervisor's decision. */
  exceptionShelf: (totes: readonly { code: string; order: string }[]) =>
    totes.length === 1
      ? `Posez la caisse ${totes[0]?.code} (commande ${totes[0]?.order}) sur l'étagère anomalies.`
      : `Posez ces caisses sur l'étagère anomalies : ${totes.map((t) => `${t.code} (commande ${t.order})`).join(', ')}.`,
} as const
