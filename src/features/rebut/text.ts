/** Every French text of the scrap screen (kept out of lib/messages: not on the first-screen path). */
import { UNVERIFIED } from '@/features/scanning'

export const text = {
  locationField: 'Emplacement source',
  locationHint: "Scannez l'emplacement du produit abîmé.",
  productField: 'Produit',
  productHint: 'Scannez un EAN ou saisissez un SKU : chaque scan du même produit ajoute 1.',
  locationContent: (name: string) => `Contenu de ${name}`,
  location: (name: string) => `Emplacement : ${name}`,
  unverified: `Contenu ${UNVERIFIED}`,
  emptyLocation: 'Cet emplacement ne contient aucun produit de cette boutique.',
  notInLocation: (code: string, location: string) => `Le produit « ${code} » n'est pas dans ${location}.`,
  /** A scan or a typed quantity beyond what the location holds: refused, never lowered silently. */
  atMostInLocation: (max: number) => `Au plus ${max} dans l'emplacement.`,
  scanBeyondStock: (name: string, max: number) => `${name} : au plus ${max} dans l'emplacement.`,
  pickProduct: 'Scannez le produit à mettre au rebut.',
  productUnverified: `Produit ${UNVERIFIED}`,
  inLocation: (n: number) => `En stock dans l'emplacement : ${n}`,
  quantity: 'Quantité',
  increase: 'Ajouter un article',
  decrease: 'Retirer un article',
  reasons: 'Motif du rebut',
  reasonsLoading: 'Chargement des motifs…',
  reasonsError: 'Impossible de charger les motifs de rebut.',
  noReasons: "Aucun motif de rebut n'est défini.",
  reasonNumber: (id: number) => `motif n° ${id}`,
  validate: 'Valider le rebut',
  confirmTitle: 'Tout le stock ?',
  confirmWhole: (product: string, location: string, quantity: number) =>
    `Mettre au rebut tout le stock de ${product} dans ${location} (${quantity}) ?`,
  confirm: 'Tout mettre au rebut',
  back: 'Retour',
  cancelWhat: (quantity: number | string, product: string) => `${quantity} × ${product}`,
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
  draft: (quantity: number | string, product: string, location: string) =>
    `${quantity} × ${product} de ${location}`,
  reopenBusy: 'Un rebut est déjà en cours : validez-le ou annulez-le, puis reprenez l’envoi refusé.',
} as const
