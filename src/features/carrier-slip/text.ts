/** The French texts of the 'Bordereau transport' screen (its own module: they load with the screen). */
import { plural, timeLeft } from '@/lib/french'

const parcels = (n: number) => plural(n, 'colis', 'colis')
const kgFormat = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 2 })

/**
 * Where routing sends a parcel, said once: the exceptions lane is its own station, and
 * 'Exceptions · Exceptions' said the same word twice (issue 31).
 */
const place = (station: string, lane: string) =>
  station.trim().toLowerCase() === lane.trim().toLowerCase() ? station : `${station}, ${lane}`
/** A reason as a sentence: its own full stop, not a second one. */
const sentence = (text: string) => (/[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`)

/** Grams as the carrier reads them: '12,5 kg', '1,25 kg' (French number format). */
export const kg = (grams: number) => `${kgFormat.format(grams / 1000)} kg`

export const text = {
  loading: 'Chargement des bordereaux…',
  loadFailed: 'Impossible de charger les bordereaux.',
  retry: 'Réessayer',
  noGroups: 'Aucun bordereau ouvert.',
  listTitle: 'Bordereaux ouverts',
  refreshed: 'Actualisé toutes les minutes',

  pickup: (time: string) => `Enlèvement ${time}`,
  /** Minutes to today's pickup, or how long ago it passed. */
  minutesLeft: timeLeft,
  parcels,
  weight: kg,
  open: (group: string) => `Ouvrir ${group}`,
  openShort: 'Ouvrir',
  back: 'Retour aux bordereaux',

  scanField: 'Colis',
  scanHint: 'Scannez le numéro de suivi de chaque colis chargé.',
  scanHintList: 'Scannez un colis pour ouvrir son bordereau, ou choisissez un bordereau.',
  slip: (number: string) => `Bordereau ${number}`,
  loadedOf: (loaded: number, total: number) => `${loaded} / ${total} chargés`,
  loadedLabel: 'Chargé',
  notLoadedLabel: 'À charger',
  parcelDetail: (order: string, seq: number, grams: number, weighed: boolean) =>
    `Commande ${order} · colis ${seq} · ${kg(grams)}${weighed ? '' : ' (estimé)'}`,
  sinceList: 'Étiqueté depuis le dernier affichage',
  untick: (tracking: string) => `Retirer ${tracking} du chargement`,

  ticked: (tracking: string) => `Colis ${tracking} chargé.`,
  tickedLate: (tracking: string) => `Colis ${tracking} chargé (étiqueté depuis le dernier affichage).`,
  again: (tracking: string) => `Colis ${tracking} déjà scanné.`,
  unticked: (tracking: string) => `Colis ${tracking} retiré du chargement.`,
  otherGroup: (tracking: string, group: string, station: string, lane: string) =>
    `Colis ${tracking} refusé : il part avec ${group}. À déposer : ${place(station, lane)}.`,
  refused: (tracking: string, reason: string, station: string, lane: string) =>
    `Colis ${tracking} refusé : ${sentence(reason)} À déposer : ${place(station, lane)}.`,
  offlineScan: (tracking: string) =>
    `Colis ${tracking} absent de la liste, et vérification impossible sans réseau : réessayez.`,

  preflightTitle: 'Avant de clôturer',
  unscanned: (n: number) =>
    n === 0
      ? 'Tous les colis du bordereau sont scannés.'
      : `${plural(n, 'colis non scanné', 'colis non scannés')} : ${n > 1 ? 'ils restent' : 'il reste'} pour le bordereau suivant si vous clôturez avec les colis chargés.`,
  noneScanned: 'Aucun colis scanné : le chargement n’est pas vérifié.',
  missing: (n: number) =>
    `${plural(n, 'commande de ce transporteur pas encore étiquetée', 'commandes de ce transporteur pas encore étiquetées')} : elles manqueraient l’enlèvement.`,
  missingNone: 'Toutes les commandes de ce transporteur sont étiquetées.',
  missingOrder: (order: string, labelled: number, parcels: number) =>
    `${order} : ${labelled} / ${plural(parcels, 'colis étiqueté', 'colis étiquetés')}`,
  pickupLeft: (time: string, minutes: number) =>
    minutes >= 0
      ? `Enlèvement à ${time}, ${text.minutesLeft(minutes)}.`
      : `L’enlèvement de ${time} est passé (${text.minutesLeft(minutes)}).`,

  otherShopsTitle: 'À clôturer par un utilisateur de toutes les boutiques',
  otherShops: (n: number) =>
    `Ce bordereau porte aussi ${parcels(n)} ${n > 1 ? 'd’autres boutiques' : 'd’une autre boutique'}, que vous ne gérez pas : vous ne pouvez ni ${n > 1 ? 'les' : 'le'} charger, ni clôturer le bordereau. Demandez à un utilisateur qui a accès à toutes les boutiques de le charger et de le clôturer.`,
  otherShopsShort: (n: number) =>
    `+ ${parcels(n)} ${n > 1 ? 'd’autres boutiques' : 'd’une autre boutique'} : clôture par un utilisateur de toutes les boutiques`,
  closeOthers:
    'Clôture impossible avec vos boutiques : des colis d’autres boutiques attendent sur ce bordereau.',

  close: 'Clôturer',
  closeEmpty: 'Aucun colis sur ce bordereau : rien à clôturer.',
  closeWithLoaded: (n: number) =>
    n > 1 ? `Clôturer avec les ${n} colis chargés` : 'Clôturer avec le colis chargé',
  closeWithAll: (n: number) => `Clôturer avec tous les colis (${n})`,
  closeQuestion: 'Clôturer ce bordereau avec quels colis ?',
  keepLoading: 'Continuer le chargement',
  closingBusy: 'Clôture en cours : attendez sa réponse avant de scanner.',
  closeUnconfirmed: 'Clôture non confirmée : réessayez-la ou continuez le chargement avant de scanner.',
  closing: (number: string) => `Clôture du bordereau ${number}…`,
  closeOffline:
    'Clôture non confirmée (pas de réponse du serveur). Réessayez : elle ne sera faite qu’une fois.',
  retryClose: 'Réessayer la clôture',

  closedTitle: (number: string) => `Bordereau ${number} clôturé`,
  closedCounts: (count: number, grams: number) => `${parcels(count)}, ${kg(grams)}`,
  next: (number: string) => `Bordereau suivant : ${number}`,
  printing: 'Impression du manifeste sur l’imprimante A4…',
  printed: 'Manifeste envoyé à l’imprimante A4.',
  reprint: 'Réimprimer le manifeste',
  dismiss: 'OK',

  restored: (n: number, group: string | null) => {
    const scanned = plural(n, 'colis scanné', 'colis scannés')
    return group === null ? scanned : `${group} : ${scanned}`
  },
}
