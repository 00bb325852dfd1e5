/** The header indicator's texts: on the first screen, so apart from the outbox screen's. */
export const plural = (n: number, one: string, many: string) => (n > 1 ? many : one)

export const indicatorText = {
  pending: (n: number) =>
    `${n} ${plural(n, 'envoi en attente', 'envois en attente')} : ${plural(n, 'il partira', 'ils partiront')} au retour du réseau`,
  failed: (n: number) => `${n} ${plural(n, 'envoi refusé', 'envois refusés')} par le serveur : à vérifier`,
  /** The account drawer's link (the drawer loads after the first screen). */
  title: 'Envois en attente',
}
