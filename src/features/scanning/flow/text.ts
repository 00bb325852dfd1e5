/** The French texts of the scan-flow building blocks (they load with the work screens, not the shell). */
import { plural } from '@/lib/french'

export const flowText = {
  edit: 'Modifier',
  /** One wording on every screen (the location information screen says it the same way). */
  unknownLocation: (name: string) => `L'emplacement « ${name} » est inconnu.`,
  cancel: 'Annuler',
  confirmCancel: 'Confirmer l’annulation',
  confirmCancelHint: (what: string) => `Toucher encore pour effacer ${what}.`,
  increase: (name: string) => `Ajouter 1 × ${name}`,
  decrease: (name: string) => `Retirer 1 × ${name}`,
  remove: (name: string) => `Supprimer ${name}`,
  // The name ends with the quantity the button shows (WCAG 2.5.3, label in name).
  editQuantity: (name: string, quantity: number) => `Modifier la quantité de ${name} : ${quantity}`,
  quantityOf: (name: string) => `Quantité de ${name}`,
  quantityMissing: 'Saisissez une quantité.',
  atLeast: (min: number) => `La quantité doit être au moins ${min}.`,
  atMost: (max: number) => `Au plus ${max}.`,
  wholeNumber: 'Saisissez un nombre entier.',
  restored: (summary: string, at: string) => `Saisie en cours restaurée : ${summary} (enregistrée le ${at}).`,
  restoredOk: 'Compris',
  sent: 'envoyé',
  queued: 'en attente d’envoi',
  refusedTitle: 'Envoi refusé',
  lines: (n: number) => plural(n, 'ligne', 'lignes'),
  articles: (n: number) => plural(n, 'article', 'articles'),
}

/** '3 lignes, 12 articles'. */
export const totalsText = (lines: number, articles: number) =>
  `${flowText.lines(lines)}, ${flowText.articles(articles)}`
