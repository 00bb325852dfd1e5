/**
 * The sign-in page's offer of a first administrator: apart from text.ts, whose /setup texts the
 * sign-in page does not load.
 */
export const offerText = {
  title: "Nouveau site : aucun compte n'existe encore.",
  link: 'Créer le premier administrateur',
} as const
