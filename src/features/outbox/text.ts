/** The outbox's French texts (its own module: the shell's messages stay small). */
import { indicatorText, plural } from './indicator-text.ts'

export const outboxText = {
  title: indicatorText.title,
  subtitle:
    "Les mouvements de stock enregistrés sur cet appareil et pas encore reçus par le serveur. Ils partent d'eux-mêmes, dans l'ordre, dès que le serveur répond.",
  empty: 'Rien en attente : tout a été reçu par le serveur.',
  pending: 'En attente',
  failed: 'Refusé',
  waitingForSignIn: 'Session expirée : les envois repartiront après votre reconnexion.',
  madeBy: (user: string, date: string) => `${date} · ${user}`,
  attempts: (n: number) => `${n} ${plural(n, 'tentative', 'tentatives')}`,
  otherUser: (user: string) => `Sera envoyé à la prochaine connexion de ${user}.`,
  retry: 'Réessayer',
  reopen: 'Corriger',
  retryAll: 'Envoyer maintenant',
  discard: 'Abandonner',
  discardTitle: 'Abandonner cet envoi ?',
  discardText: (label: string) =>
    `« ${label} » ne sera jamais envoyé : le stock du serveur ne sera pas modifié. Cette action est définitive.`,
  discardConfirm: 'Abandonner définitivement',
  cancel: 'Annuler',
  discarded: 'Envoi abandonné.',
  refusedTitle: (label: string) => `Refusé par le serveur : ${label}`,
  refusedNoReason: 'Le serveur a refusé cet envoi.',
  refusedTodo: 'Reprenez-le pour le corriger et le renvoyer, ou abandonnez-le.',
  takeBack: 'Reprendre',
  takeBackLabel: (label: string) => `Reprendre « ${label} »`,
  discardLabel: (label: string) => `Abandonner « ${label} »`,
  keep: 'Garder',
  storage: (used: string, quota: string) => `Stockage utilisé sur cet appareil : ${used} sur ${quota}.`,
  storagePersisted: 'Stockage persistant accordé : le navigateur ne videra pas ces données.',
  storageNotPersisted:
    "Stockage non persistant : le navigateur pourrait vider ces données s'il manque de place.",
  loadError: 'Impossible de lire les envois en attente sur cet appareil.',
  correctionStale:
    "L'envoi que vous corrigez n'est plus en attente : il a été renvoyé ou abandonné entre-temps. Vérifiez le stock, puis annulez cette correction.",
}

/** '1,2 Mo', '640 ko': storage sizes as a French user reads them. */
export function formatBytes(bytes: number): string {
  const units = ['o', 'ko', 'Mo', 'Go', 'To']
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit += 1
  }
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`
}
