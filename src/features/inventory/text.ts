/** The French texts of the Inventory screen (kept out of src/lib/messages.ts, which is on the first-screen path). */
import { plural } from '@/lib/french'

export const text = {
  title: 'Inventaire',
  locationField: 'Emplacement à compter',
  locationHint: 'Scannez l’emplacement dont vous comptez le contenu.',
  location: (name: string) => `Emplacement : ${name}`,
  unverifiedContent: 'Contenu non vérifié (hors ligne) : comptez tout ce qui s’y trouve.',
  productField: 'Produit',
  productHint: 'Scannez chaque article trouvé : chaque scan compte 1.',
  sameLocation: (name: string) => `« ${name} » est l’emplacement compté : scannez les produits.`,
  atMost: (name: string, max: number) => `${name} : au plus ${max}.`,
  tooManyLines: (max: number) => `Au plus ${max} produits par inventaire : validez celui-ci, puis continuez.`,
  empty: 'Scannez l’emplacement à compter, puis les produits qui s’y trouvent.',
  nothingExpected: 'Le système n’attend rien ici : scannez ce que vous trouvez.',
  toCount: (n: number) => `À compter : ${plural(n, 'produit', 'produits')}`,
  toCountHint: 'Un produit non compté garde son stock. Absent ? « Compter 0 ».',
  countZero: 'Compter 0',
  countZeroOf: (name: string) => `Compter 0 pour ${name}`,
  expected: (n: number) => `Attendu : ${n}`,
  gap: (n: number) => (n > 0 ? `écart +${n}` : `écart ${n}`),
  surplus: 'Hors liste : vérifié à l’envoi',
  counted: (n: number, of: number | null) =>
    of === null
      ? `Comptés : ${plural(n, 'produit', 'produits')}`
      : `Comptés : ${n} / ${plural(of, 'produit attendu', 'produits attendus')}`,
  lowerTitle: 'Le stock va baisser',
  lowerUnverified: 'Contenu non vérifié (hors ligne) : le comptage remplacera le stock de ces produits.',
  lowerConfirm: 'Touchez encore pour valider.',
  validate: 'Valider l’inventaire',
  confirmLower: 'Confirmer : baisser le stock',
  recentTitle: 'Derniers inventaires',
  adjustment: (name: string, before: number, after: number) => `${name} ${before} → ${after}`,
  unchanged: (n: number) => `conforme (${plural(n, 'produit', 'produits')})`,
  done: (location: string, gaps: number) =>
    gaps === 0
      ? `Inventaire de ${location} : stock conforme.`
      : `Inventaire de ${location} : ${plural(gaps, 'écart corrigé', 'écarts corrigés')}.`,
  queued: 'Inventaire enregistré sur l’appareil : il sera envoyé dès le retour du réseau.',
  reopenBusy: 'Un inventaire est déjà en cours : validez-le ou annulez-le, puis reprenez l’envoi refusé.',
  label: (location: string, totals: string) => `Inventaire ${location} · ${totals}`,
}
