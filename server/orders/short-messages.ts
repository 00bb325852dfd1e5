/**
 * The French words of a short pick's way out (issue 31): the reason Colis and Information
 * commande show, the supervisor's three decisions as the status history keeps them, and their
 * refusals.
 */
import { ORDER_STATUS_LABELS, type MissingUnit, type OrderStatus } from '../../contract/index.ts'
import type { PutAway } from './put-back.ts'

const units = (missing: readonly MissingUnit[]) =>
  missing.map((m) => `${m.quantity} × ${m.sku} à ${m.location}`).join(', ')

/** Where the crate's units go: the ledger has them there already, the shelf not yet. */
const putAway = (back: readonly PutAway[]) =>
  back.length === 0
    ? ''
    : ` ; à ranger : ${back.map((b) => `${b.quantity} × ${b.sku} en ${b.location}`).join(', ')}`

export const SHORT_MESSAGES = {
  /** The hold's reason: what the picker could not find, and where. */
  reason: (missing: readonly MissingUnit[]) =>
    missing.length === 0 ? 'Manquant au prélèvement' : `Manquant au prélèvement : ${units(missing)}`,
  /** An order set aside at the packing station whose reason was not kept. */
  setAside: 'Mise de côté au colisage',
  // decisions, as the status history says them
  shippedPartial: (cancelled: number) =>
    `Décision manquant : expédiée sans les manquants (${cancelled} unité(s) annulée(s))`,
  waitStock: (back: readonly PutAway[]) =>
    `Décision manquant : attente du stock, à préparer de nouveau${putAway(back)}`,
  cancelled: (back: readonly PutAway[]) => `Décision manquant : commande annulée${putAway(back)}`,
  putBackReason: (order: string) => `Manquant : remise en stock (commande ${order})`,
  // refusals
  notShort: (order: string, status: OrderStatus) =>
    status === 'exception'
      ? `La commande ${order} a été mise de côté au colisage, pas pour un manquant : reprenez-la dans Colis.`
      : `La commande ${order} est « ${ORDER_STATUS_LABELS[status]} » : il n'y a pas de manquant à décider.`,
  partialRefused: (order: string) =>
    `La boutique n'accepte pas d'expédition partielle pour la commande ${order} : attendez le stock ou annulez la commande.`,
  nothingPicked: (order: string) =>
    `Aucun article de la commande ${order} n'a été prélevé : il n'y a rien à expédier. Attendez le stock ou annulez la commande.`,
  dockShort: (order: string, sku: string, available: number) =>
    `Les articles de la commande ${order} ne sont plus au quai EXPEDITION (${sku} : ${available} disponible(s)) : retrouvez-les avant de décider.`,
} as const
