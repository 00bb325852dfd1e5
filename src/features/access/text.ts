import type { WarehouseRole } from '@contract'

/** The role guard's French texts (its own module: they load with the guarded screens, not at start). */
const ROLE_NAMES: Record<WarehouseRole, string> = {
  Picking: 'Picking',
  Shipping: 'Expédition',
  Barcode: 'Étiquettes et codes-barres',
  Reception: 'Réception',
  Inventory: 'Inventaire',
  Transfer: 'Transfert',
  Rebut: 'Rebut',
  Print: 'Impression',
  ReturnProduct: 'Retours',
}

export const accessText = {
  missingRoleTitle: 'Accès non autorisé',
  missingRole: (roles: readonly WarehouseRole[]) => {
    const names = roles.map((role) => ROLE_NAMES[role])
    const needed = names.length > 1 ? `l'un des rôles ${names.join(', ')}` : `le rôle ${names[0] ?? ''}`
    return `Votre profil n'a pas le rôle nécessaire pour cet écran : il faut ${needed}. Demandez-le à votre responsable.`
  },
}
