/**
 * The French words of order information: what stands in for a missing value. An unknown order is
 * refused as the packing screens refuse it (PACKAGING_MESSAGES.unknownOrder).
 */
export const ORDER_INFORMATION_MESSAGES = {
  /** A return announced by the shop before anyone said why it comes back. */
  noOrigin: 'Origine non précisée',
} as const
