import type { WarehouseRole } from '@contract'
import { ROLE_LABELS } from '@/lib/role-labels'

/**
 * What each warehouse role unlocks (docs/specification.md §6): the refusal names the role by the French name the
 * admin area shows (ROLE_LABELS), and what it opens, so the worker asks for the right one
 * ('Impression' opens 'Information commande', not the printing screens, which 'Étiquettes' opens).
 */
const UNLOCKS: Record<WarehouseRole, string> = {
  Picking: 'Picking, Picking scan',
  Shipping: 'Expédition, Colis',
  Barcode: 'Bordereau transport, Impression produit, Impression emplacement, Impression caisse',
  Reception: 'Réception',
  Inventory: 'Inventaire',
  Transfer: 'Transfert / Rangement',
  Rebut: 'Rebut',
  Print: 'Information commande',
  ReturnProduct: 'Retour',
}

/** The role guard's French texts (its own module: they load with the guarded screens, not at start). */
export const accessText = {
  missingRoleTitle: 'Accès non autorisé',
  missingRole: (roles: readonly WarehouseRole[]) => {
    // One role: what it opens too. Several: their names only (the list would not fit a handheld).
    const needed =
      roles.length > 1
        ? `l'un des rôles ${roles.map((r) => ROLE_LABELS[r]).join(', ')}`
        : `le rôle ${ROLE_LABELS[roles[0]!]} (${UNLOCKS[roles[0]!]})`
    return `Votre profil n'a pas le rôle nécessaire pour cet écran : il faut ${needed}. Demandez-le à votre responsable.`
  },
}
