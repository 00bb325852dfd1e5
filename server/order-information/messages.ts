/** The French words of order information: its refusals, and what stands in for a missing value. */
export const ORDER_INFORMATION_MESSAGES = {
  unknownOrder: (name: string) => `Commande inconnue : ${name}`,
  /** A return announced by the shop before anyone said why it comes back. */
  noOrigin: 'Origine non précisée',
} as const
