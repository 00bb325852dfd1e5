/**
 * The French refusals of the stock and picking endpoints, with the form field they belong to when
 * there is one.
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
