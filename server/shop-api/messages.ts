/**
 * The shop API's own messages (issue 33), in French and in English: an integrator may not read
 * French, and asks for English with `Accept-Language: en` (language.ts). The machine codes
 * (contract/errors.ts ERROR_CODES and the field codes of errors[]) are what a shop's program reads,
 * the same in both; the messages are for its developer.
 */
import { CSV_MESSAGES } from '../admin/products-csv.ts'

export const SHOP_API_MESSAGES = {
  httpsOnly: (url: string) => `L'API des boutiques ne répond qu'en HTTPS : envoyez cet appel à ${url}.`,
  invalidKey: "Clé d'API absente, révoquée ou invalide : Authorization: Bearer sk_…",
  staffTokenRefused:
    "Un jeton de session du personnel n'ouvre pas l'API des boutiques : utilisez une clé d'API de la boutique.",
  shopKeyRefused: "Une clé d'API de boutique n'ouvre que l'API des boutiques (/api/v1).",
  tooFast: (seconds: number) =>
    `Trop d'appels avec cette clé : réessayez dans ${seconds} s (en-tête Retry-After), ou regroupez les commandes (/api/v1/orders/batch).`,
  cancelledByShop: 'Annulée par la boutique',
  cancelled: "Commande annulée : il n'y a plus d'adresse à changer.",
  cancelTooLate: "Trop tard pour annuler : l'entrepôt a commencé la commande. ",
  shipToTooLate: "Trop tard pour changer l'adresse : l'entrepôt a commencé la commande. ",
  shipToWithLabel:
    "La commande a une étiquette achetée par la boutique, qui porte l'adresse d'origine : annulez-la et renvoyez-la avec l'étiquette de la nouvelle adresse.",
  instead: {
    ask_the_warehouse:
      "Demandez-le à l'entrepôt : son équipe peut encore l'arrêter et remettre les articles en stock.",
    return_after_delivery: 'Elle part telle quelle : demandez un retour après la livraison.',
  },
  badCursor: 'Curseur illisible : reprenez le nextCursor de la page précédente tel quel.',
  orderNotFound: (reference: string) => `Aucune commande de la boutique n'a la référence « ${reference} ».`,
  orderRefused: (count: number) =>
    count === 1
      ? 'Commande refusée : un champ est à corriger.'
      : `Commande refusée : ${count} champs sont à corriger.`,
  orderDiffers: (reference: string) =>
    `La commande « ${reference} » a déjà été envoyée avec un autre contenu : les champs listés diffèrent.`,
  differs: 'Diffère de la commande déjà envoyée avec cette référence.',
  unknownSku: (sku: string) => `Produit inconnu de la boutique : « ${sku} ».`,
  unknownCarrier: (code: string) => `Transporteur inconnu de l'entrepôt : « ${code} ».`,
  unknownService: (service: string) => `Service « ${service} » inconnu de ce transporteur.`,
  serviceWithoutCarrier: 'Un service se demande avec son transporteur (carrier).',
  shipByInvalid: 'Date de départ hors des années 1 à 9999.',
  productRefused: 'Produit refusé : voyez errors.',
  // The admin CSV import's words for the same rules (one code path, one text).
  product: {
    sku_invalid: () => CSV_MESSAGES.sku,
    ean_invalid: () => CSV_MESSAGES.ean,
    name_invalid: () => CSV_MESSAGES.name,
    weight_invalid: () => CSV_MESSAGES.weight,
    sku_twice: () => 'Ce SKU est déjà plus haut dans cet envoi.',
    ean_twice: () => 'Cet EAN est déjà plus haut dans cet envoi.',
    ean_owned: (sku: string) => CSV_MESSAGES.eanOwned(sku),
    unknown_box: (code: string) => `Carton inconnu de l'entrepôt : « ${code} ».`,
  },

  fileNotItsType: (type: string) => `Le contenu du fichier n'est pas un fichier ${type}.`,
  label: {
    label_not_its_format: (format: string) =>
      format === 'ZPL'
        ? "Le contenu de l'étiquette n'est pas une étiquette ZPL (^XA … ^XZ)."
        : "Le contenu de l'étiquette n'est pas un fichier PDF.",
    label_number_missing: (number: string) =>
      `L'étiquette ZPL n'imprime pas son numéro de suivi ${number} : envoyez l'étiquette de ce numéro.`,
    label_not_one: () =>
      'Une seule étiquette par commande : un seul ^XA … ^XZ, avec au plus des graphiques (~DG) autour.',
    label_command_refused: (command: string) =>
      `L'étiquette ZPL contient la commande ${command}, qui règle, vide ou répète l'imprimante : seules les commandes qui dessinent une étiquette sont acceptées.`,
    label_number_invalid: (number: string) =>
      `Numéro de suivi « ${number} » : de 6 à 40 lettres et chiffres (les espaces ne comptent pas).`,
    label_carrier_differs: (carrier: string) =>
      `L'étiquette est d'un autre transporteur que celui de la commande (« ${carrier} ») : un seul transporteur par commande.`,
    label_number_used: (number: string) =>
      `Le numéro de suivi ${number} est déjà celui d'un autre colis ou d'une autre commande chez ce transporteur.`,
  },
  // Expected receptions (issue 34): a delivery the shop announces (/api/v1/receptions).
  reception: {
    notFound: (reference: string) =>
      `Aucune livraison annoncée par la boutique n'a la référence « ${reference} ».`,
    refused: (count: number) =>
      count === 1
        ? 'Livraison refusée : un champ est à corriger.'
        : `Livraison refusée : ${count} champs sont à corriger.`,
    differs: (reference: string) =>
      `La livraison « ${reference} » a déjà été annoncée avec un autre contenu : les champs listés diffèrent. Annoncez-la sous une autre référence.`,
    differsField: 'Diffère de la livraison déjà annoncée avec cette référence.',
    skuTwice:
      'Ce SKU est déjà plus haut dans cette livraison : une ligne par produit, quantités additionnées.',
    completed: (reference: string) =>
      `La livraison « ${reference} » est déjà réceptionnée et clôturée par l'entrepôt : elle ne s'annule plus.`,
    cancelTooLate:
      "Trop tard pour annuler : l'entrepôt a commencé à réceptionner cette livraison. Demandez-lui de la clôturer : reception.completed dira ce qui a été reçu.",
  },
  address: {
    required: 'Obligatoire.',
    country_unknown: 'Pays inconnu : un code ISO 3166-1 à deux lettres (FR, DE, GR…).',
    postcode_missing: 'Code postal obligatoire dans ce pays.',
    postcode_invalid: 'Code postal au mauvais format pour ce pays.',
    phone_invalid:
      "Numéro de téléphone qui n'existe pas dans ce pays (ou donnez-le au format international +…).",
  },
} as const

type Messages = typeof SHOP_API_MESSAGES
/** The same messages, key for key: a message missing in English is a type error. */
type Same<T> = T extends string
  ? string
  : T extends (...a: infer A) => string
    ? (...a: A) => string
    : { [K in keyof T]: Same<T[K]> }
type Translation = Same<Messages>

export const SHOP_API_MESSAGES_EN: Translation = {
  httpsOnly: (url: string) => `The shop API answers over HTTPS only: send this call to ${url}.`,
  invalidKey: 'Missing, revoked or invalid API key: Authorization: Bearer sk_…',
  staffTokenRefused: 'A staff session token does not open the shop API: use an API key of the shop.',
  shopKeyRefused: 'A shop API key opens the shop API (/api/v1) only.',
  tooFast: (seconds: number) =>
    `Too many calls with this key: try again in ${seconds} s (Retry-After header), or send orders in batches (/api/v1/orders/batch).`,
  cancelledByShop: 'Cancelled by the shop',
  cancelled: 'Order cancelled: there is no address to change any more.',
  cancelTooLate: 'Too late to cancel: the warehouse has started on the order. ',
  shipToTooLate: 'Too late to change the address: the warehouse has started on the order. ',
  shipToWithLabel:
    'The order has a label the shop bought, which carries the first address: cancel it and send it again with the label of the new address.',
  instead: {
    ask_the_warehouse: 'Ask the warehouse: its staff may still stop it and put the items back in stock.',
    return_after_delivery: 'It ships as it is: ask for a return after delivery.',
  },
  badCursor: 'Unreadable cursor: send the previous page’s nextCursor as it came.',
  orderNotFound: (reference: string) => `No order of the shop has the reference “${reference}”.`,
  orderRefused: (count: number) =>
    count === 1 ? 'Order refused: one field to correct.' : `Order refused: ${count} fields to correct.`,
  orderDiffers: (reference: string) =>
    `The order “${reference}” was sent before with another content: the fields listed differ.`,
  differs: 'Differs from the order sent before with this reference.',
  unknownSku: (sku: string) => `No product of the shop has the SKU “${sku}”.`,
  unknownCarrier: (code: string) => `The warehouse ships with no carrier “${code}”.`,
  unknownService: (service: string) => `This carrier has no service “${service}”.`,
  serviceWithoutCarrier: 'A service is asked for with its carrier (carrier).',
  shipByInvalid: 'Ship-by date outside the years 1 to 9999.',
  productRefused: 'Product refused: see errors.',
  product: {
    sku_invalid: () => 'SKU: 1 to 64 characters, letters, digits, . _ - (no space).',
    ean_invalid: () => 'EAN: 13 digits with a right check digit.',
    name_invalid: () => 'Name: required, 200 characters at most.',
    weight_invalid: () => 'Weight: a whole number of grams, from 1 to 1,000,000.',
    sku_twice: () => 'This SKU is already higher up in this request.',
    ean_twice: () => 'This EAN is already higher up in this request.',
    ean_owned: (sku: string) => `EAN already used by the shop's product ${sku}.`,
    unknown_box: (code: string) => `The warehouse has no box “${code}”.`,
  },
  fileNotItsType: (type: string) => `The file's content is not a ${type} file.`,
  label: {
    label_not_its_format: (format: string) =>
      format === 'ZPL'
        ? "The label's content is not a ZPL label (^XA … ^XZ)."
        : "The label's content is not a PDF file.",
    label_number_missing: (number: string) =>
      `The ZPL label does not print its tracking number ${number}: send the label of that number.`,
    label_not_one: () => 'One label per order: a single ^XA … ^XZ, with at most graphics (~DG) around it.',
    label_command_refused: (command: string) =>
      `The ZPL label holds the command ${command}, which sets up, empties or repeats the printer: only commands that draw a label are accepted.`,
    label_number_invalid: (number: string) =>
      `Tracking number “${number}”: 6 to 40 letters and digits (spaces do not count).`,
    label_carrier_differs: (carrier: string) =>
      `The label is from another carrier than the order's (“${carrier}”): one carrier per order.`,
    label_number_used: (number: string) =>
      `The tracking number ${number} is already another parcel's or another order's with this carrier.`,
  },
  reception: {
    notFound: (reference: string) => `No delivery announced by the shop has the reference “${reference}”.`,
    refused: (count: number) =>
      count === 1
        ? 'Delivery refused: one field to correct.'
        : `Delivery refused: ${count} fields to correct.`,
    differs: (reference: string) =>
      `The delivery “${reference}” was announced before with another content: the fields listed differ. Announce it under another reference.`,
    differsField: 'Differs from the delivery announced before with this reference.',
    skuTwice: 'This SKU is already higher up in this delivery: one line per product, quantities added up.',
    completed: (reference: string) =>
      `The delivery “${reference}” was received and closed by the warehouse: it can no longer be cancelled.`,
    cancelTooLate:
      'Too late to cancel: the warehouse has started receiving this delivery. Ask it to close it: reception.completed will say what was received.',
  },
  address: {
    required: 'Required.',
    country_unknown: 'Unknown country: an ISO 3166-1 two-letter code (FR, DE, GR…).',
    postcode_missing: 'A postcode is required in this country.',
    postcode_invalid: 'Postcode in the wrong format for this country.',
    phone_invalid:
      'A phone number that does not exist in this country (or give it in international form, +…).',
  },
}
