/** The French texts of the carrier slips: refusals of a close, and the reasons it writes. */
export const SLIP_MESSAGES = {
  unknownGroup: (code: string) => `Bordereau transport inconnu : ${code}`,
  empty: (number: string) => `Le bordereau ${number} est vide : aucun colis à charger.`,
  unknownNumber: (number: string) => `Colis inconnu : aucun colis ne porte le numéro ${number}.`,
  voided: (number: string) => `L'étiquette ${number} a été annulée : ce colis ne peut pas partir.`,
  onSlip: (number: string, slip: string) => `Le colis ${number} est déjà sur le bordereau ${slip}.`,
  otherCarrier: (number: string, carrier: string, group: string) =>
    `Le colis ${number} part avec ${carrier} : il n'est pas sur le bordereau ${group}.`,
  notReady: (number: string, order: string) =>
    `Le colis ${number} ne peut pas partir : la commande ${order} n'est pas entièrement étiquetée.`,
  dockShort: (sku: string, dock: string, available: number) =>
    `Le quai ${dock} ne contient que ${available} × ${sku} : le stock des colis chargés n'y est pas.`,
  othersWaiting: (number: string, parcels: number) =>
    `Le bordereau ${number} porte aussi ${parcels} colis ${parcels === 1 ? "d'une autre boutique" : "d'autres boutiques"} : ` +
    'seul un utilisateur de toutes ces boutiques peut le clôturer.',
  keyReused: "Cette clé d'idempotence a déjà servi pour un autre bordereau.",
  /** The order status history's reason. */
  onSlipReason: (slip: string) => `Bordereau ${slip}`,
} as const
