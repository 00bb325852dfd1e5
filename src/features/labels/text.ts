/** The French texts of this feature (its own module, so they load with its screens). */
export const labelsText = {
  locationField: 'Emplacement',
  locationPlaceholder: 'Scannez un emplacement ou saisissez le début de son nom',
  noLocation: (prefix: string) => `Aucun emplacement ne commence par « ${prefix} ».`,
  /** Followed by « prefix », kept whole on screen (a location code never breaks at its hyphens). */
  matching: (n: number) => (n > 1 ? `${n} emplacements pour` : '1 emplacement pour'),
  printCount: (n: number) => (n > 1 ? `Imprimer ${n} étiquettes` : "Imprimer l'étiquette"),
  andMore: (n: number) => `et ${n} autres`,
  capped: (n: number) => `Seuls les ${n} premiers seront imprimés : précisez le début du nom.`,
  sent: (n: number) =>
    n > 1 ? `${n} étiquettes envoyées à l'imprimante.` : "Étiquette envoyée à l'imprimante.",
  newBoxes: 'Nouvelles caisses',
  reprintBoxes: 'Réimpression',
  boxCount: 'Nombre de caisses',
  boxFrom: 'Du numéro',
  boxTo: 'Au numéro',
  printBoxes: 'Imprimer les étiquettes',
  countRange: (max: number) => `Indiquez un nombre entier de caisses, de 1 à ${max}.`,
  rangeMissing: 'Indiquez le premier et le dernier numéro de caisse.',
  rangeOrder: 'Le dernier numéro doit suivre le premier.',
  lastBoxes: (first: string, last: string, n: number) => `Dernière impression : ${first} → ${last} (${n}).`,
}
