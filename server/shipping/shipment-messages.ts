/**
 * The French words of the shipment screen ('Expédition', docs/specification.md §7.11): every refusal of its five
 * calls, naming the batch, the order and the product as the packer reads them on the parcel.
 */
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../contract/index.ts'

export const SHIPMENT_MESSAGES = {
  // mono batch
  unknownBatch: (name: string) => `Liste de picking inconnue : ${name}`,
  foreignBatch: (name: string) =>
    `La liste ${name} est celle d'une boutique à laquelle vous n'avez pas accès.`,
  notMono: (name: string) =>
    `La liste ${name} n'est pas une liste mono : scannez ses commandes une à une (expédition multi).`,
  nothingPicked: (name: string) =>
    `Aucun article de la liste ${name} n'a encore été prélevé : terminez d'abord son picking.`,
  // mono scan
  notInBatch: (product: string, batch: string) => `Le produit ${product} n'est pas dans la liste ${batch}.`,
  allShipped: (product: string, batch: string) =>
    `Toutes les unités de ${product} de la liste ${batch} sont déjà expédiées : mettez cet article de côté.`,
  putBack: (order: string, location: string | null) =>
    location === null
      ? `La commande ${order} a été annulée après son picking : remettez l'article en stock.`
      : `La commande ${order} a été annulée après son picking : remettez l'article en ${location}.`,
  setAside: (product: string, order: string) =>
    `Il ne reste de ${product} que l'unité de la commande ${order}, mise de côté (en anomalie) : posez-la avec sa commande, qui se reprend dans l'écran Colis.`,
  noCarrier: (order: string) =>
    `La commande ${order} n'a pas de transporteur : mettez-la de côté et signalez-la.`,
  refusedFor: (order: string, message: string) => `Commande ${order} : ${message}`,
  // multi
  unknownOrder: (name: string) => `Commande ou caisse inconnue : ${name}`,
  emptyTote: (code: string) => `La caisse ${code} ne contient aucune commande.`,
  cancelled: (order: string) =>
    `La commande ${order} a été annulée après son picking : ne l'expédiez pas, remettez ses articles en stock.`,
  notPicked: (order: string, status: OrderStatus) =>
    status === 'exception'
      ? `La commande ${order} est « ${ORDER_STATUS_LABELS[status]} » : elle n'est pas prête à être expédiée. Mettez-la sur l'étagère anomalies : la suite se décide dans Information commande.`
      : `La commande ${order} est « ${ORDER_STATUS_LABELS[status]} » : elle n'est pas prête à être expédiée.`,
  notInOrder: (product: string, order: string) =>
    `Le produit ${product} ne fait pas partie de la commande ${order} : mettez-le de côté.`,
  tooMany: (product: string, scanned: number, picked: number) =>
    `Trop d'unités de ${product} : ${scanned} scannée(s) pour ${picked} préparée(s).`,
} as const
