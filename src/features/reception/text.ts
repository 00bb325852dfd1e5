/** The French texts of the Reception screen (kept out of src/lib/messages.ts, which is on the first-screen path). */
import { plural } from '@/lib/french'

/** '2 produits en moins, 1 en trop, 1 non annoncé': 'produit' once, on the first figure. */
function differencesText({ short, over, unexpected }: { short: number; over: number; unexpected: number }) {
  const parts = [
    [short, 'en moins', 'en moins'],
    [over, 'en trop', 'en trop'],
    [unexpected, 'non annoncé', 'non annoncés'],
  ] as const
  return parts
    .filter(([n]) => n > 0)
    .map(([n, one, many], i) =>
      i === 0 ? plural(n, `produit ${one}`, `produits ${many}`) : plural(n, one, many),
    )
    .join(', ')
}

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
  // Expected deliveries (issue 34).
  expectedField: 'Réception attendue',
  noNotice: 'Sans annonce',
  openCount: (n: number) => `${plural(n, 'réception attendue', 'réceptions attendues')} pour cette boutique`,
  choose: 'Choisir',
  change: 'Changer',
  chosen: (reference: string) => `Réception attendue « ${reference} »`,
  /** Under the card's title, which already says 'Réception attendue'. */
  picked: (reference: string) => `« ${reference} »`,
  expectedOn: (date: string) => `prévue le ${date.split('-').reverse().join('/')}`,
  announced: (units: number, received: number) => `${received} / ${units} reçus`,
  listLoading: 'Chargement des réceptions attendues…',
  listNone: 'Aucune réception attendue pour cette boutique.',
  listOffline: 'Hors ligne : dernière liste connue.',
  listError: 'Réceptions attendues indisponibles (hors ligne ?) : réceptionnez sans annonce ou réessayez.',
  retry: 'Réessayer',
  noticeUnknown:
    'Détail de la réception attendue indisponible hors ligne : les articles seront comptés à l’envoi, les écarts affichés au retour du réseau.',
  tallyTitle: (reference: string) => `Attendu / reçu · ${reference}`,
  tallyRow: (received: number, expected: number | null) =>
    expected === null ? `${received} reçu${received > 1 ? 's' : ''}` : `${received} / ${expected}`,
  tallyPending: (open: number, waiting: number) =>
    [open > 0 ? `${open} à valider` : '', waiting > 0 ? `${waiting} en attente d’envoi` : '']
      .filter(Boolean)
      .join(', '),
  state: {
    short: (missing: number) => `Manque ${missing}`,
    complete: () => 'Complet',
    over: (extra: number) => `${extra} en trop`,
    unexpected: () => 'Non annoncé',
  },
  overScan: (name: string, received: number, expected: number) =>
    `${name} : ${received} reçus pour ${expected} annoncés (${received - expected} en trop).`,
  unexpectedScan: (name: string, reference: string) =>
    `${name} n’est pas annoncé dans « ${reference} » : il est compté en plus.`,
  deliveryCompleted: (reference: string) =>
    `La réception attendue « ${reference} » est déjà clôturée : choisissez-en une autre ou « Sans annonce ».`,
  deliveryCancelled: (reference: string) =>
    `La réception attendue « ${reference} » a été annulée par la boutique : choisissez-en une autre ou « Sans annonce ».`,
  close: 'Clôturer la réception',
  confirmClose: 'Confirmer la clôture',
  closeBack: 'Retour',
  closeAsk: (reference: string, d: { short: number; over: number; unexpected: number }) =>
    d.short + d.over + d.unexpected === 0
      ? `Clôturer la réception « ${reference} » : tout est reçu comme annoncé.`
      : `Clôturer la réception « ${reference} » : ${differencesText(d)}. La boutique sera prévenue de ces écarts.`,
  closeUnknown: (reference: string) =>
    `Clôturer la réception « ${reference} » ? Hors ligne, les écarts ne sont pas connus : le serveur les calculera.`,
  validateFirst: 'Validez d’abord les lignes en cours.',
  refusedFirst:
    'Un envoi de cette réception attendue a été refusé : corrigez-la ou abandonnez-la, puis clôturez.',
  closed: (reference: string) => `Réception « ${reference} » clôturée.`,
  closeQueued: (reference: string) =>
    `Clôture de « ${reference} » enregistrée sur l’appareil : elle sera envoyée dès le retour du réseau.`,
}
