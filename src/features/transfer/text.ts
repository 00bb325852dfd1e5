/** The French texts of the Transfert / Rangement screen (kept out of src/lib/messages.ts, which is on the first-screen path). */
const articles = (n: number) => (n > 1 ? `${n} articles` : '1 article')

export const text = {
  sourceField: 'Emplacement source',
  sourceHint: "Scannez l'emplacement à vider.",
  productField: 'Produit',
  productHint: 'Scannez un EAN ou saisissez un SKU : chaque scan ajoute 1.',
  productOrDestinationHint: 'Scannez un produit (chaque scan ajoute 1), ou l’emplacement de destination.',
  destinationField: 'Emplacement destination',
  destinationHint: "Scannez l'emplacement de rangement.",
  askDestination: 'Scanner la destination',
  emptySource: (name: string) => `L'emplacement « ${name} » est vide : rien à transférer.`,
  sourceContent: (name: string) => `Contenu de ${name}`,
  unverifiedSource: "Contenu non vérifié (hors ligne) : le serveur contrôlera les quantités à l'envoi.",
  unverifiedProduct: 'Produit non vérifié (hors ligne)',
  notInSource: (code: string, source: string) => `Le produit « ${code} » n'est pas dans ${source}.`,
  neitherProductNorLocation: (code: string, source: string) =>
    `« ${code} » n'est ni un produit de ${source}, ni un emplacement connu.`,
  /** A scan or a typed quantity beyond what the source holds: refused, never lowered silently. */
  beyondSource: (name: string, max: number) => `${name} : au plus ${max} dans l'emplacement source.`,
  atMostInSource: (max: number) => `Au plus ${max} dans l'emplacement source.`,
  absentFromSource: "Absent de l'emplacement source : supprimez la ligne.",
  atMost: (name: string, max: number) => `${name} : au plus ${max}.`,
  sameLocation: "La destination doit être différente de l'emplacement source.",
  allContent: 'Tout le contenu',
  allSelected: "Tout le contenu de l'emplacement sera transféré.",
  allSummary: (source: string) => `Tout le contenu de ${source}`,
  pickProducts: 'Scannez les produits à transférer ou choisissez « Tout le contenu ».',
  destination: (name: string) => `Destination : ${name}`,
  destinationUnverified: (name: string) => `Destination : ${name} (non vérifiée, hors ligne)`,
  validate: 'Valider le transfert',
  done: (n: number, from: string, to: string) =>
    n > 1 ? `${n} articles transférés de ${from} vers ${to}.` : `1 article transféré de ${from} vers ${to}.`,
  doneAll: (from: string, to: string) => `Tout le contenu de ${from} transféré vers ${to}.`,
  queuedPrefix: "Gardé sur l'appareil, envoi au retour du réseau :",
  lastTransfer: 'Dernier transfert',
  label: (n: number, from: string, to: string, all: boolean) =>
    all ? `Transfert · tout ${from} → ${to}` : `Transfert · ${articles(n)} ${from} → ${to}`,
  draft: (from: string, to: string | null, what: string) =>
    to ? `${from} → ${to} : ${what}` : `${from} : ${what}`,
  draftAll: 'tout le contenu',
  draftSourceOnly: (from: string) => `source ${from}`,
  reopenBusy: 'Un transfert est déjà en cours : validez-le ou annulez-le, puis reprenez l’envoi refusé.',
} as const
