/** The French texts of the 'Colis' screen (kept out of src/lib/messages.ts, which is on the first-screen path). */
const kgFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 })
/** 1250 → '1,25 kg', as the packer reads the scale. */
export const kg = (grams: number) => `${kgFormat.format(grams / 1000)} kg`
const units = (n: number) => (n > 1 ? `${n} unités` : `${n} unité`)

export const text = {
  orderField: 'Commande',
  orderHint: 'Scannez ou saisissez la commande, un numéro de suivi ou sa caisse.',
  nextField: 'Autre commande ou numéro de suivi',
  nextHint: 'Un numéro de suivi de cette commande montre son colis.',
  loading: (code: string) => `Recherche de ${code}…`,
  unknownCode: (code: string) =>
    `« ${code} » : aucune commande, aucun numéro de suivi ni aucune caisse connus.`,
  saveFirst: 'Enregistrez ou annulez les modifications des colis avant de changer de commande.',
  orderTitle: (name: string) => `Commande ${name}`,
  orderStatus: (status: string) => `Statut : ${status}`,
  carrier: (name: string) => `Transporteur : ${name}`,
  noCarrier: 'Sans transporteur',
  complete: 'Toutes les unités préparées sont en colis.',
  incomplete: (n: number) =>
    `${units(n)} ${n > 1 ? 'préparées' : 'préparée'} hors colis : emballez-${n > 1 ? 'les' : 'la'} avant d'étiqueter.`,
  nothingPicked: 'Aucune unité préparée : rien à emballer.',
  notPackable: (status: string) => `Commande « ${status} » : ses colis ne se modifient plus ici.`,
  parcels: 'Colis',
  noParcel: 'Aucun colis pour le moment.',
  parcelTitle: (seq: number) => `Colis ${seq}`,
  newParcelTitle: 'Nouveau colis',
  box: 'Emballage',
  boxOf: (name: string, code: string) => `${name} (${code})`,
  weight: 'Poids mesuré (g)',
  weightHint: 'En grammes, lu sur la balance.',
  estimated: (grams: number) => `Estimé : ${kg(grams)}`,
  measured: (grams: number | null) => (grams === null ? 'Non pesé' : `Pesé : ${kg(grams)}`),
  max: (grams: number) => `Max : ${kg(grams)}`,
  overMax: (grams: number, max: number) => `${kg(grams)} : au-delà du maximum de ${kg(max)} pour ce colis.`,
  checkWeight: (measured: number, estimated: number) =>
    `Vérifiez le colis : poids mesuré ${kg(measured)}, estimé ${kg(estimated)} (écart de plus de 10 %).`,
  tracking: (number: string) => `Suivi : ${number}`,
  manualSource: 'Numéro saisi manuellement',
  inParcel: (name: string) => `${name} dans ce colis`,
  unpackedLines: 'Unités hors colis',
  unpacked: (n: number) => `${units(n)} hors colis`,
  lineDetail: (sku: string, packed: number, picked: number) => `${sku} · en colis ${packed} / ${picked}`,
  emptyParcel: (title: string) => `${title} est vide : ajoutez un article ou supprimez-le.`,
  edit: 'Modifier les colis',
  addParcel: 'Ajouter un colis',
  removeParcel: (title: string) => `Supprimer ${title}`,
  save: 'Enregistrer les colis',
  cancelEdit: 'Annuler les modifications',
  saved: 'Colis enregistrés.',
  editing: 'Modification en cours : enregistrez pour étiqueter.',
  label: 'Étiqueter',
  labelled: (number: string) => `Étiquette ${number} envoyée à l'imprimante.`,
  reprint: 'Réimprimer',
  reprinted: (number: string) => `Étiquette ${number} réimprimée.`,
  printFailed: (number: string, reason: string) =>
    `L'étiquette ${number} est créée mais ne s'est pas imprimée : ${reason} Utilisez « Réimprimer ».`,
  voidLabel: "Annuler l'étiquette",
  confirmVoid: (number: string) => `Confirmer l'annulation de ${number}`,
  voided: (number: string) =>
    `Étiquette ${number} annulée : le colis peut être modifié puis étiqueté à nouveau.`,
  manual: 'Saisir un numéro',
  manualField: (seq: number) => `Numéro de suivi du colis ${seq}`,
  manualHint: 'Un numéro créé ailleurs (site du transporteur) : aucune étiquette ne sera imprimée ici.',
  manualSave: 'Enregistrer le numéro',
  manualCancel: 'Fermer',
  manualRecorded: (number: string) => `Numéro ${number} enregistré.`,
  selected: (seq: number) => `Numéro de suivi du colis ${seq}.`,
  carrierRefusedTitle: 'Étiquette refusée par le transporteur',
  carrierHint: 'Réessayez, choisissez un autre service, ou saisissez un numéro créé ailleurs.',
  /** The carrier has one service: nothing else to choose (issue 31). */
  carrierHintOneService: 'Réessayez, ou saisissez un numéro créé ailleurs (site du transporteur).',
  retry: 'Réessayer',
  service: 'Service',
  refusedTitle: 'Refusé',
  exceptionTitle: 'Commande en anomalie',
  exceptionHint:
    "Mise de côté (étiquette refusée, colis à revoir). Reprenez-la pour l'étiqueter ou saisir un numéro.",
  shortTitle: 'Manquant au prélèvement : décision à prendre',
  shortHint:
    'Rien à emballer ici : un responsable décide dans Information commande (expédier sans les manquants, attendre le stock ou annuler).',
  shortOpen: 'Ouvrir dans Information commande',
  resume: 'Reprendre',
  resumed: (order: string) => `Commande ${order} reprise : elle peut être étiquetée.`,
  restored: (order: string, editing: boolean) =>
    editing ? `commande ${order}, colis en cours de modification` : `commande ${order}`,
  statusLabel: 'Statut du colis',
} as const
