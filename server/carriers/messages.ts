/**
 * What the simulated carriers answer when they refuse a label, in French, worded as carriers word
 * their web service errors: the packing screen shows them as they come, like a real carrier's.
 */
const kg = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 })
const inKg = (grams: number) => kg.format(grams / 1000)

export const CARRIER_MESSAGES = {
  unknownService: (carrier: string, service: string) => `Service « ${service} » inconnu chez ${carrier}`,
  weightMissing: 'Poids du colis manquant ou invalide',
  weightOver: (grams: number, maxGrams: number) =>
    `Poids du colis supérieur au maximum autorisé : ${inKg(grams)} kg pour ${inKg(maxGrams)} kg maximum`,
  postalCodeMissing: 'Adresse de livraison incomplète : code postal manquant',
  postalCodeInvalid: (code: string) => `Adresse de livraison invalide : code postal « ${code} » inconnu`,
  cityMissing: 'Adresse de livraison incomplète : ville manquante',
  streetMissing: 'Adresse de livraison incomplète : rue manquante',
  unavailable: 'Service indisponible, réessayez plus tard',
} as const
