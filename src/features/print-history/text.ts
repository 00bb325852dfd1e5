/** The French texts of this feature (its own module, so they load with its screens). */
export const printHistoryText = {
  title: 'Historique des impressions',
  subtitle:
    "Les impressions faites sur cet appareil, les plus récentes en premier. Les liens des documents expirent environ 10 minutes après l'impression.",
  empty: "Aucune impression pour l'instant.",
  loadError: "Impossible de lire l'historique des impressions sur cet appareil.",
  date: 'Date',
  name: 'Document',
  type: 'Type',
  link: 'Lien',
  actions: 'Actions',
  noType: '—',
  open: 'Ouvrir',
  linkMayHaveExpired: 'Lien probablement expiré',
  reprint: 'Réimprimer',
  reprintLabel: (name: string) => `Réimprimer ${name}`,
  openLabel: (name: string) => `Ouvrir ${name} (nouvel onglet)`,
  loadMore: 'Afficher plus',
  loading: 'Chargement…',
}
