/**
 * The ship-to of the orders tests make by hand: a French address that every carrier labels (a
 * label's recipient is the order's ship-to, orders/ship-to.ts).
 */
import type { Address } from '../orders/intake/address.ts'

export const TEST_SHIP_TO: Address = {
  name: 'Client Test',
  line1: '4 rue de la Charité',
  postcode: '69002',
  city: 'Lyon',
  country: 'FR',
}
