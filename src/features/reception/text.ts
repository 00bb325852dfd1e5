/** The French texts of the Reception screen (kept out of src/lib/messages.ts, which is on the first-screen path). */
export const text = {
  destinationField: 'Emplacement de réception',
  destinationHint: 'Scannez l’emplacement où ranger les produits.',
  destination: (name: string) => `Destination : ${name}`,
  productField: 'Produit',
  productHint: 'Scannez un EAN ou saisissez un SKU : chaque scan ajoute 1.',
  empty: 'Scannez l’emplacement de réception, puis les produits reçus.',
  emptyWithDestination: 'Scannez les produits reçus.',
  // The name holds the location the button shows (WCAG 2.5.3, label in name: a voice user says what they see).
  changeLocation: (name: string, location: string) => `Changer l’emplacement de ${name} : ${location}`,
  newLocationOf: (name: string) => `Nouvel emplacement de ${name}`,
  newLocationHint: 'Scannez ou saisissez l’emplacement, puis Entrée.',
  atMost: (name: string, max: number) => `${name} : au plus ${max}.`,
  validate: 'Valider la réception',
  done: (articles: number) =>
    articles > 1 ? `${articles} articles réceptionnés.` : '1 article réceptionné.',
  queued: 'Réception enregistrée sur l’appareil : elle sera envoyée dès le retour du réseau.',
  lastReception: 'Dernière réception',
  lastSent: 'Envoyée au serveur.',
  lastQueued: 'En attente d’envoi : elle partira dès le retour du réseau.',
  confirmDestination: (name: string, lines: number) =>
    `${name} est un emplacement : scannez-le de nouveau pour y recevoir la suite (${lines > 1 ? `les ${lines} lignes en cours gardent leur emplacement` : 'la ligne en cours garde son emplacement'}), ou validez d’abord la réception.`,
  reopenBusy: 'Une réception est déjà en cours : validez-la ou annulez-la, puis reprenez l’envoi refusé.',
}
