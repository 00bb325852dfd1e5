import type { WarehouseRole } from '@contract'

/**
 * What each warehouse role unlocks (SPEC §6): the refusal names the role as an administrator
 * assigns it, and what it opens, so the worker asks for the right one ('Print' opens 'Information
 * commande', not the printing screens, which 'Barcode' opens).
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
    const needed = roles.length > 1 ? `l'un des rôles ${roles.join(', ')}` : `le rôle ${roles[0]} (${UNLOCKS[roles[0]!]})`
    return `Votre profil n'a pas le rôle nécessaire pour cet écran : il faut ${needed}. Demandez-le à votre responsable.`
  },
}
