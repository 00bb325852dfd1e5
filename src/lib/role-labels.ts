/**
 * The French name of each warehouse role (docs/specification.md §6 lists the codes): one mapping for the admin
 * area, which assigns roles, and for the sentences that tell a worker which role to ask for, so
 * both say the same word.
 */
import type { WarehouseRole } from '@contract'

export const ROLE_LABELS = {
  Picking: 'Préparation',
  Shipping: 'Expédition',
  Barcode: 'Étiquettes',
  Reception: 'Réception',
  Inventory: 'Inventaire',
  Transfer: 'Transfert',
  Rebut: 'Rebut',
  Print: 'Impression',
  ReturnProduct: 'Retours',
} as const satisfies Record<WarehouseRole, string>
