/** The French words of the returns endpoints: refusals, and the reasons the ledger and history keep. */
import {
  ORDER_STATUS_LABELS,
  type OrderStatus,
  RETURN_STATUS_LABELS,
  type ReturnStatus,
} from '../../contract/index.ts'

export const RETURN_MESSAGES = {
  unknownOrder: (ref: string) =>
    `Aucune commande ni numéro de suivi « ${ref} ». Si le colis n'a pas de commande, mettez-le en attente (sans commande) avec un motif d'attente.`,
  unknownOrderResolve: (ref: string) => `Aucune commande ni numéro de suivi « ${ref} ».`,
  unknownShopOrder: (ref: string) => `Aucune commande « ${ref} » dans cette boutique.`,
  notReturnable: (name: string, status: OrderStatus) =>
    `La commande ${name} est « ${ORDER_STATUS_LABELS[status]} » : seule une commande expédiée peut être retournée.`,
  overReturn: (code: string, order: string, shipped: number, returned: number, asked: number) =>
    `Retour refusé : ${code} n'a été expédié que ${shipped} fois dans la commande ${order}` +
    (returned > 0 ? ` et ${returned} déjà retourné(s)` : '') +
    ` ; ${asked} reçu(s), au plus ${Math.max(shipped - returned, 0)}.`,
  overAnnounce: (code: string, order: string, left: number, asked: number) =>
    `Retour refusé : ${code} ne peut plus être retourné que ${left} fois dans la commande ${order} (expédié, moins les retours reçus ou déjà annoncés) ; ${asked} annoncé(s).`,
  notInOrder: (code: string, order: string) =>
    `Le produit ${code} ne fait pas partie de la commande ${order}.`,
  noLines: 'Aucun article reçu : scannez au moins un article.',
  waitReasonRequired: "Un article est hors commande : choisissez un motif d'attente.",
  parkedWaitReason: "Colis sans commande : choisissez un motif d'attente.",
  unknownOrigin: (id: number) => `Origine de retour inconnue : ${id}`,
  unknownWaitReason: (id: number) => `Motif d'attente inconnu : ${id}`,
  locationRequired: "Remise en stock : scannez l'emplacement de rangement.",
  notStorage: (name: string) =>
    `${name} n'est pas un emplacement de rangement : la remise en stock se fait dans un emplacement de stockage.`,
  noReturnsLocation:
    "L'emplacement de quarantaine RETOURS n'existe pas : créez-le avant de recevoir un retour.",
  rebutReasonRequired: 'Rebut : choisissez un motif de rebut.',
  unknownReturn: (number: string) => `Retour inconnu : ${number}`,
  otherShopReturn: (number: string) =>
    `Le retour ${number} concerne une boutique à laquelle vous n'avez pas accès.`,
  notWaiting: (number: string, status: ReturnStatus) =>
    `Le retour ${number} est « ${RETURN_STATUS_LABELS[status]} » : seul un retour en attente peut être résolu.`,
  otherOrder: (number: string, order: string) =>
    `Le retour ${number} est déjà rattaché à la commande ${order}.`,
  /** The reason of the ledger's movements and of the order's status change. */
  reason: (number: string) => `Retour ${number}`,
  scrapReason: (number: string, label: string) => `Retour ${number} : ${label}`,
} as const
