/**
 * The French words of labelling, the 'Colis' screen's calls: a label issued, a number typed in,
 * a label voided, an order set aside and taken up again. Each refusal names the order, the parcel
 * by its number and the tracking number as the packer reads them; the reasons (`labelled`,
 * `recorded`, `voided`, `resolved`) are what the order's status history says.
 */
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../contract/index.ts'

/** A label asked of the carrier, and read back for a reprint (tracking-issue.ts). */
export const TRACKING_MESSAGES = {
  noCarrier: (name: string) =>
    `La commande ${name} n'a pas de transporteur : choisissez-en un avant d'étiqueter.`,
  notLabellable: (name: string, status: OrderStatus) =>
    `La commande ${name} est « ${ORDER_STATUS_LABELS[status]} » : seule une commande emballée peut être étiquetée.`,
  noParcel: (name: string) => `La commande ${name} n'a aucun colis à étiqueter : emballez-la d'abord.`,
  unknownParcel: (seq: number, name: string) => `Le colis ${seq} n'existe pas dans la commande ${name}.`,
  parcelClosed: (seq: number) => `Le colis ${seq} n'est plus à étiqueter.`,
  unknownService: (carrier: string, service: string) => `Service « ${service} » inconnu chez ${carrier}.`,
  refused: (carrier: string, seq: number, message: string) =>
    `${carrier} a refusé l'étiquette du colis ${seq} : ${message}`,
  numbersTaken: (count: number) =>
    `les ${count} numéros suivants sont déjà pris par des étiquettes achetées par les boutiques ; réessayez, les suivants seront libres.`,
  unknownNumber: (number: string, order: string) =>
    `Le numéro de suivi ${number} n'appartient pas à la commande ${order}.`,
  voided: (number: string) => `Le numéro de suivi ${number} a été annulé : il ne s'imprime plus.`,
  labelled: (parcels: number) => `Étiquetée : ${parcels} colis`,
  /** The order came with a label its shop bought (shop-label-use.ts). */
  shopLabelled: "Étiquetée avec l'étiquette achetée par la boutique",
  shopLabelOneParcel: (name: string, number: string, parcels: number) =>
    `La commande ${name} a une étiquette achetée par la boutique (${number}), valable pour un seul colis : elle en a ${parcels}. Regroupez ses articles dans un colis, puis étiquetez.`,
} as const

/** A number made elsewhere, typed in (tracking-manual.ts). */
export const MANUAL_MESSAGES = {
  unknownCarrier: (code: string) => `Transporteur inconnu : ${code}`,
  badFormat: (number: string, carrier: string, expected: string) =>
    `Le numéro ${number} n'est pas un numéro ${carrier} valide (format attendu : ${expected}). Vérifiez la saisie.`,
  taken: (number: string, carrier: string, order: string) =>
    `Le numéro ${number} est déjà utilisé chez ${carrier} (commande ${order}).`,
  otherNumber: (seq: number, number: string) =>
    `Le colis ${seq} a déjà le numéro de suivi ${number} : annulez son étiquette avant d'en saisir un autre.`,
  notLabellable: (name: string, status: OrderStatus) =>
    `La commande ${name} est « ${ORDER_STATUS_LABELS[status]} » : seule une commande emballée reçoit un numéro de suivi.`,
  recorded: (number: string) => `Numéro de suivi ${number} saisi manuellement`,
  /** Asked for its label (a reprint): there is none here. */
  noLabel: (number: string) =>
    `Le numéro de suivi ${number} a été saisi manuellement : son étiquette s'imprime depuis le système qui l'a créé.`,
} as const

/** A label voided (tracking-void.ts). */
export const VOID_MESSAGES = {
  shipped: (number: string) =>
    `Le numéro de suivi ${number} est déjà sur un bordereau : le transporteur l'a pris en charge, l'étiquette ne peut plus être annulée.`,
  voided: (number: string) => `Étiquette ${number} annulée`,
} as const

/** An order set aside and taken up again (order-exception.ts). */
export const EXCEPTION_MESSAGES = {
  notSettable: (name: string, status: OrderStatus) =>
    `La commande ${name} est « ${ORDER_STATUS_LABELS[status]} » : seule une commande emballée ou étiquetée peut être mise de côté.`,
  notInException: (name: string, status: OrderStatus) =>
    `La commande ${name} est « ${ORDER_STATUS_LABELS[status]} » : elle n'est pas en anomalie.`,
  notPacked: (name: string) => `La commande ${name} a des unités préparées hors colis : emballez-la d'abord.`,
  resolved: 'Reprise après anomalie',
} as const
