/** The French reasons routing gives for the exceptions lane (the rules carry their own). */
import type { PutBack } from '../../contract/index.ts'

/** Where exceptions go: one lane at the exceptions station. */
export const EXCEPTIONS_LANE = 'Exceptions'

/** "A-01-02 : 2 × ML-0001", each place once, for a reason that fits a handheld's line. */
function places(putBack: readonly PutBack[]): string {
  return putBack
    .map((p) => `${p.location ?? 'emplacement inconnu'} : ${p.quantity} × ${p.product.sku}`)
    .join(', ')
}

export const ROUTING_MESSAGES = {
  notATote: (code: string) => `Code inconnu : ${code} n'est pas une caisse (CAISSE- et 6 chiffres).`,
  unknownTote: (code: string) => `Caisse inconnue : ${code} n'a jamais été imprimée.`,
  emptyTote: (code: string) => `La caisse ${code} est vide : aucune commande n'y est rangée.`,
  unknownPackage: (number: string) => `Colis inconnu : aucun colis ne porte le numéro ${number}.`,
  voided: (number: string, order: string) =>
    `L'étiquette ${number} a été annulée : réétiquetez le colis de la commande ${order}.`,
  cancelled: (order: string, putBack: readonly PutBack[]) =>
    putBack.length === 0
      ? `Commande ${order} annulée : rien à expédier.`
      : `Commande ${order} annulée : remettez les articles en stock (${places(putBack)}).`,
  inException: (order: string) => `La commande ${order} est en anomalie : à traiter au poste des exceptions.`,
  shipped: (number: string, slip: string) => `Le colis ${number} est déjà expédié (bordereau ${slip}).`,
  noSlipGroup: (carrier: string) => `Aucun bordereau n'est ouvert pour ${carrier}.`,
  noRule: (order: string, status: string) =>
    `Aucune règle de tri pour la commande ${order} (« ${status} ») : à vérifier.`,
} as const
