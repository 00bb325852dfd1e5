/** The French texts of the product and location information screens. */
import { formatDateTimeSeconds } from '@/lib/dates'

/**
 * The ledger's movement kinds (server/db/schema.ts STOCK_MOVEMENT_KINDS) in French, so 'Derniers
 * mouvements' never shows a raw code; a kind added later shows as it came until it is named here.
 */
const KINDS: Record<string, string> = {
  RECEPTION: 'Réception',
  TRANSFER: 'Transfert',
  REBUT: 'Rebut',
  PICK: 'Préparation',
  SHIP: 'Expédition',
  RETURN: 'Retour',
  INVENTORY: 'Inventaire',
}

export const stockInfoText = {
  unexpected: 'Réponse inattendue du serveur.',
  refresh: 'Actualiser',
  printLabel: "Imprimer l'étiquette",
  labelSent: "Étiquette envoyée à l'imprimante.",
  product: {
    field: 'Produit',
    placeholder: 'Scannez un EAN ou saisissez un SKU ou un nom',
    unknown: (code: string) => `Le produit « ${code} » est inconnu.`,
    results: (count: number, query: string) =>
      count === 1 ? `1 produit trouvé pour « ${query} »` : `${count} produits trouvés pour « ${query} »`,
    sku: (sku: string) => `SKU ${sku}`,
    ean: (ean: string) => `EAN ${ean}`,
    total: 'Total',
    totalLabel: (total: number) => `Total en stock : ${total}`,
    stock: 'Stock par emplacement',
    noStock: 'Aucun stock pour ce produit.',
    movements: 'Derniers mouvements',
    noMovements: 'Aucun mouvement récent.',
    kind: (kind: string) => KINDS[kind] ?? kind,
    route: (from: string | null, to: string | null) =>
      from && to ? `${from} → ${to}` : to ? `→ ${to}` : from ? `${from} →` : '',
    at: (iso: string) => formatDateTimeSeconds(iso),
    /** A write validated offline and received later says both (a minute apart or more). */
    when: (validatedAt: string, at: string) =>
      Math.abs(Date.parse(at) - Date.parse(validatedAt)) >= 60_000
        ? `validé le ${stockInfoText.product.at(validatedAt)}, reçu le ${stockInfoText.product.at(at)}`
        : stockInfoText.product.at(validatedAt),
  },
  location: {
    field: 'Emplacement',
    placeholder: 'Scannez ou saisissez un emplacement',
    unknown: (name: string) => `L'emplacement « ${name} » est inconnu.`,
    title: (name: string) => `Emplacement ${name}`,
    total: (units: number) => (units === 1 ? '1 article' : `${units} articles`),
    empty: 'Cet emplacement est vide.',
  },
}
