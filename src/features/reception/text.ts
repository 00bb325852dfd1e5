/** The French texts of the Reception screen (kept out of src/lib/messages.ts, which is on the first-screen path). */
const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`
const totals = (lines: number, articles: number) =>
  `${plural(lines, 'ligne', 'lignes')}, ${plural(articles, 'article', 'articles')}`

export const text = {
  destinationField: 'Emplacement de réception',
  destinationPlaceholder: 'Scannez l’emplacement où ranger les produits',
  destination: (name: string) => `Destination : ${name}`,
  changeDestination: 'Changer',
  productField: 'Produit',
  productPlaceholder: 'Scannez un EAN ou saisissez un SKU',
  destinationFirst: 'Scannez d’abord l’emplacement de réception.',
  unverified: 'Produit non vérifié (hors ligne)',
  empty: 'Scannez l’emplacement de réception, puis les produits reçus.',
  emptyWithDestination: 'Scannez les produits reçus.',
  increase: (name: string) => `Ajouter un ${name}`,
  decrease: (name: string) => `Retirer un ${name}`,
  remove: (name: string) => `Supprimer ${name}`,
  editQuantity: (name: string) => `Modifier la quantité de ${name}`,
  quantityOf: (name: string) => `Quantité de ${name}`,
  changeLocation: (name: string) => `Changer l’emplacement de ${name}`,
  newLocationOf: (name: string) => `Nouvel emplacement de ${name}`,
  newLocationHint: 'Scannez ou saisissez l’emplacement, puis Entrée.',
  totals,
  validate: 'Valider la réception',
  cancel: 'Annuler',
  confirmCancel: 'Confirmer l’annulation',
  confirmCancelHint: (lines: number) => `Toucher encore pour effacer ${plural(lines, 'ligne', 'lignes')}.`,
  /** The outbox line while the write waits to be sent. */
  label: (lines: number, articles: number) => `Réception · ${totals(lines, articles)}`,
  done: (articles: number) =>
    articles > 1 ? `${articles} articles réceptionnés.` : '1 article réceptionné.',
  queued: 'Réception enregistrée sur l’appareil : elle sera envoyée dès le retour du réseau.',
  lastReception: 'Dernière réception',
  lastSent: 'Envoyée au serveur.',
  lastQueued: 'En attente d’envoi : elle partira dès le retour du réseau.',
}
