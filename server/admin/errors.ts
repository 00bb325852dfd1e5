/** The admin area's refusals, in French, each under the form field it is about. */
import { ERROR_CODES } from '../../contract/index.ts'
import { HttpError } from '../http/errors.ts'

export const ADMIN_MESSAGES = {
  usernameTaken: (u: string) => `L'identifiant « ${u} » est déjà pris.`,
  unknownShops: (slugs: string[]) => `Boutique inconnue : ${slugs.join(', ')}.`,
  userNotFound: 'Utilisateur introuvable.',
  lastAdmin: 'Il doit rester au moins un administrateur actif : donnez ce droit à quelqu’un d’autre avant.',
  notFirst:
    'Le site a déjà des utilisateurs : connectez-vous, puis créez les comptes depuis l’administration.',
  shopNotFound: 'Boutique introuvable.',
  slugTaken: (s: string) => `L'identifiant de boutique « ${s} » est déjà pris.`,
  codeTaken: (c: string) => `Le code « ${c} » est déjà pris.`,
  computerNotFound: 'Poste introuvable.',
  computerNameTaken: (n: string) => `Un poste s'appelle déjà « ${n} ».`,
  computerIpTaken: (ip: string) => `L'adresse ${ip} est déjà celle d'un autre poste.`,
  duplicatePrinter: (n: string) => `L'imprimante « ${n} » est en double.`,
  carrierNotFound: 'Transporteur introuvable.',
  unknownBoxTypes: (codes: string[]) => `Carton inconnu : ${codes.join(', ')}.`,
  slipGroupTaken: (c: string) => `Le groupe de bordereaux « ${c} » existe déjà pour un autre transporteur.`,
  boxTypeNotFound: 'Carton introuvable.',
  boxTypeCodeTaken: (c: string) => `Un carton a déjà le code « ${c} ».`,
  boxTooLight: 'Poids maximal : il doit dépasser le poids à vide.',
  listItemUnknown: (id: number) => `Ligne ${id} inconnue dans cette liste : rechargez la page.`,
  listDuplicate: (label: string) => `« ${label} » est en double dans la liste.`,
} as const

export const conflict = (message: string, field?: string) =>
  new HttpError(409, {
    code: ERROR_CODES.conflict,
    message,
    ...(field && { fieldErrors: { [field]: [message] } }),
  })
