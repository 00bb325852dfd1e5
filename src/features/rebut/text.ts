/** Every French text of the scrap screen (kept out of lib/messages: not on the first-screen path). */
export const text = {
  locationField: 'Emplacement source',
  locationPlaceholder: "Scannez l'emplacement du produit abîmé",
  productField: 'Produit',
  productPlaceholder: 'Scannez un EAN ou saisissez un SKU',
  unknownLocation: (name: string) => `L'emplacement « ${name} » est inconnu.`,
  locationContent: (name: string) => `Contenu de ${name}`,
  location: (name: string) => `Emplacement : ${name}`,
  unverified: 'Contenu non vérifié (hors ligne)',
  emptyLocation: "Cet emplacement ne contient aucun produit de cette boutique.",
  changeLocation: "Changer d'emplacement",
  notInLocation: (code: string, location: string) => `Le produit « ${code} » n'est pas dans ${location}.`,
  cappedQuantity: (name: string, max: number) => `${name} : au plus ${max} dans l'emplacement.`,
  pickProduct: 'Scannez le produit à mettre au rebut.',
  quantity: 'Quantité',
  increase: 'Ajouter un article',
  decrease: 'Retirer un article',
  reasons: 'Motif du rebut',
  reasonsLoading: 'Chargement des motifs…',
  reasonsError: 'Impossible de charger les motifs de rebut.',
  noReasons: "Aucun motif de rebut n'est défini.",
  validate: 'Valider le rebut',
  label: (quantity: number, code: string, location: string, reason: string) =>
    `Rebut · ${quantity} × ${code} de ${location} (${reason})`,
  done: (n: number, location: string) =>
    n > 1 ? `${n} articles mis au rebut depuis ${location}.` : `1 article mis au rebut depuis ${location}.`,
  queued: (n: number, location: string) =>
    n > 1
      ? `${n} articles de ${location} : rebut enregistré sur l'appareil, il sera envoyé au retour du réseau.`
      : `1 article de ${location} : rebut enregistré sur l'appareil, il sera envoyé au retour du réseau.`,
  recent: 'Derniers rebuts',
  recentLine: (quantity: number, product: string, location: string, reason: string) =>
    `${quantity} × ${product} · ${location} · ${reason}`,
  sent: 'envoyé',
  pending: "en attente d'envoi",
} as const
