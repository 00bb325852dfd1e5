/** The admin area's refusals, in French, each under the form field it is about. */
export const ADMIN_MESSAGES = {
  usernameTaken: (u: string) => `L'identifiant « ${u} » est déjà pris.`,
  unknownShops: (slugs: string[]) => `Boutique inconnue : ${slugs.join(', ')}.`,
  userNotFound: 'Utilisateur introuvable.',
  lastAdmin: 'Il doit rester au moins un administrateur actif : donnez ce droit à quelqu’un d’autre avant.',
  notFirst:
    'Le site a déjà des utilisateurs : connectez-vous, puis créez les comptes depuis l’administration.',
  shopNotFound: 'Boutique introuvable.',
  shopKeyNotFound: "Clé d'API introuvable pour cette boutique.",
  shopKeysFull: (max: number) =>
    `La boutique a déjà ${max} clés actives : révoquez celle qu'elle n'utilise plus avant d'en créer une autre.`,
  slugTaken: (s: string) => `L'identifiant de boutique « ${s} » est déjà pris.`,
  slugKept: (slug: string) =>
    `L'identifiant « ${slug} » ne peut plus changer : la boutique a déjà des produits ou des commandes, et les terminaux l'ont dans les écritures qu'ils gardent en attente.`,
  codeTaken: (c: string) => `Le code « ${c} » est déjà pris.`,
  computerNotFound: 'Poste introuvable.',
  computerNameTaken: (n: string) => `Un poste s'appelle déjà « ${n} ».`,
  computerIpTaken: (ip: string) => `L'adresse ${ip} est déjà celle d'un autre poste.`,
  duplicatePrinter: (n: string) => `L'imprimante « ${n} » est en double.`,
  carrierNotFound: 'Transporteur introuvable.',
  unknownCarrier: (codes: readonly string[]) =>
    `Transporteur inconnu de ce serveur : les codes possibles sont ${codes.join(', ')}.`,
  carrierExists: (code: string) => `Le transporteur « ${code} » existe déjà.`,
  slipGroupKept: 'Ce transporteur a des bordereaux : son groupe ne peut plus être retiré.',
  unknownBoxTypes: (codes: string[]) => `Carton inconnu : ${codes.join(', ')}.`,
  slipGroupTaken: (c: string) => `Le groupe de bordereaux « ${c} » existe déjà pour un autre transporteur.`,
  boxTypeNotFound: 'Carton introuvable.',
  boxTypeCodeTaken: (c: string) => `Un carton a déjà le code « ${c} ».`,
  boxTooLight: 'Poids maximal : il doit dépasser le poids à vide.',
  listItemUnknown: (id: number) => `Ligne ${id} inconnue dans cette liste : rechargez la page.`,
  listDuplicate: (label: string) => `« ${label} » est en double dans la liste.`,
  listRetired: (label: string) =>
    `« ${label} » existe déjà, retiré : réactivez-le plutôt que de le créer à nouveau.`,
} as const
