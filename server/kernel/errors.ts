/**
 * server/kernel/ is the shared kernel of the server's domains: what every domain that refuses a
 * request, keys a write or moves stock must do the same way, written once. The refusals and their
 * French messages (this file), the Idempotency-Key claim and replay (idempotency-key.ts), the
 * location locks (locks.ts), the checked movements out of one location (checked-movements.ts), the
 * plausible validatedAt of a write (validated-at.ts). It grew inside server/stock, the first domain
 * that needed it, until stock was both a domain and the kernel seven other domains imported; a
 * folder of its own says which files every domain leans on. Any domain may import the kernel; the
 * kernel imports no domain (only contract/, http/ and db/; eslint.config.js enforces it), so a
 * change inside a domain never reaches another through it.
 *
 * The French refusals of the stock, picking, returns and shipping endpoints, with the form field
 * they belong to when there is one. The helpers kept the names they had in server/stock
 * (stockNotFound, stockForbidden…): they are every domain's 404, 403, 409 and 400.
 */
import { ERROR_CODES } from '../../contract/index.ts'
import { conflict, invalid, refusal } from '../http/errors.ts'

export { refusal }

export const STOCK_MESSAGES = {
  unknownProduct: (code: string) => `Produit inconnu : ${code}`,
  otherShopProduct: (code: string) => `Le produit ${code} n'appartient pas à cette boutique.`,
  foreignProduct: (code: string) => `Le produit ${code} n'appartient à aucune de vos boutiques.`,
  productOfShop: (code: string, shop: string) =>
    `Le produit ${code} appartient à la boutique ${shop}, pas à celle-ci.`,
  unknownLocation: (name: string) => `Emplacement inconnu : ${name}`,
  insufficient: (code: string, location: string, available: number) =>
    `Stock insuffisant pour ${code} en ${location} : ${available} disponible(s).`,
  sameLocation: "L'emplacement de destination doit être différent de l'emplacement d'origine.",
  linesOrAll: "Indiquez soit les produits à transférer, soit le transfert de tout l'emplacement.",
  emptyLocation: (name: string) => `L'emplacement ${name} est vide.`,
  foreignStock: (name: string) =>
    `L'emplacement ${name} contient des produits d'une boutique à laquelle vous n'avez pas accès.`,
  unknownReason: (id: number) => `Motif de rebut inconnu : ${id}`,
  idempotencyConflict: "Cette clé d'idempotence a déjà servi pour une autre requête.",
  badIdempotencyKey: "L'en-tête Idempotency-Key doit compter de 1 à 200 caractères.",
} as const

export const stockNotFound = (message: string, field?: string) =>
  refusal(404, ERROR_CODES.notFound, message, field)
export const stockConflict = conflict
export const stockForbidden = (message: string, field?: string) =>
  refusal(403, ERROR_CODES.forbidden, message, field)
export const stockInvalid = invalid
