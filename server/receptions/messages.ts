/**
 * The French the reception screen and the admin area read about expected receptions (issue 34):
 * each says what happened and what to do. The shop API's own, in French and English, are in
 * shop-api/messages.ts (`reception`).
 */
export const RECEPTION_MESSAGES = {
  notFound: (ref: string | number) =>
    `Aucune réception attendue « ${ref} » pour cette boutique : choisissez-la dans la liste des réceptions attendues.`,
  completed: (reference: string) =>
    `La réception attendue « ${reference} » est déjà clôturée : réceptionnez ces articles sans réception attendue, ou avec une autre qui est ouverte.`,
  cancelled: (reference: string) =>
    `La réception attendue « ${reference} » a été annulée par la boutique : réceptionnez ces articles sans réception attendue.`,
  closeCancelled: (reference: string) =>
    `La réception attendue « ${reference} » a été annulée par la boutique : il n'y a rien à clôturer.`,
} as const

/** The CSV import's (admin area): each refused row names its line and column. */
export const RECEPTION_CSV_MESSAGES = {
  empty:
    "Fichier vide : une ligne d'en-tête (reference ; expected_date ; sku ; quantity) puis une ligne par produit annoncé.",
  missing: (columns: string[]) =>
    `Colonne(s) manquante(s) dans l'en-tête : ${columns.join(', ')}. Téléchargez le modèle pour les noms attendus.`,
  unknown: (columns: string[]) =>
    `Colonne(s) inconnue(s) dans l'en-tête : ${columns.join(', ')}. Les colonnes sont reference, expected_date, sku et quantity.`,
  unreadable: (line: number) =>
    `Fichier illisible ligne ${line} : guillemet non fermé ou mal placé. Mettez entre guillemets les champs qui contiennent un guillemet, un séparateur ou un retour à la ligne.`,
  noReference: 'Référence de la livraison manquante : chaque ligne porte la référence de sa livraison.',
  noSku: 'SKU manquant : chaque ligne porte le SKU d’un produit de la boutique.',
  quantity: 'Quantité : un nombre entier de 1 à 100 000.',
  date: 'Date prévue : une date comme 2026-12-01 ou 01/12/2026.',
  dateDiffers: (first: number) =>
    `Date prévue différente de la ligne ${first}, première ligne de cette livraison : une livraison a une seule date.`,
  reference:
    'Référence : de 1 à 64 caractères, lettres, chiffres et . _ - / # (sans espace), commençant par une lettre ou un chiffre.',
  tooManyLines: (max: number) =>
    `Au plus ${max} produits par livraison : découpez-la en plusieurs références.`,
} as const
