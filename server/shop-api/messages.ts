/**
 * The shop API's own French messages (issue 33). Its machine codes (contract/errors.ts ERROR_CODES
 * and the field codes of errors[]) are what a shop's program reads; these are for the developer.
 */
export const SHOP_API_MESSAGES = {
  invalidKey: "Clé d'API absente, révoquée ou invalide : Authorization: Bearer sk_…",
  staffTokenRefused:
    "Un jeton de session du personnel n'ouvre pas l'API des boutiques : utilisez une clé d'API de la boutique.",
  shopKeyRefused: "Une clé d'API de boutique n'ouvre que l'API des boutiques (/api/v1).",
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
  address: {
    required: 'Obligatoire.',
    country_unknown: 'Pays inconnu : un code ISO 3166-1 à deux lettres (FR, DE, GR…).',
    postcode_missing: 'Code postal obligatoire dans ce pays.',
    postcode_invalid: 'Code postal au mauvais format pour ce pays.',
    phone_invalid:
      "Numéro de téléphone qui n'existe pas dans ce pays (ou donnez-le au format international +…).",
  },
} as const
