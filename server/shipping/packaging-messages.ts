/**
 * The French words of packing: every refusal of `PUT /rest/order/{order}/packaging`, naming the
 * parcel by its number and weights in kilograms, as the packer reads them on the scale.
 *
 * 'Emballage', not 'caisse': in this warehouse a caisse is a picking tote (CAISSE-000012).
 */
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../contract/index.ts'

/** 12400 → '12,4 kg', 950 → '0,95 kg': exact (no rounding), French decimal comma. */
export const kg = (grams: number): string => `${String(grams / 1000).replace('.', ',')} kg`

/** "Lampe de chevet laiton (ML-0001)": how a product is named to a packer. */
export const productLabel = (p: { name: string; sku: string }) => `${p.name} (${p.sku})`

export const PACKAGING_MESSAGES = {
  unknownOrder: (name: string) => `Commande inconnue : ${name}`,
  notPackable: (name: string, status: OrderStatus) =>
    `La commande ${name} est « ${ORDER_STATUS_LABELS[status]} » : seule une commande préparée ou emballée peut être mise en colis.`,
  unknownBox: (code: string) => `Emballage inconnu : ${code}`,
  boxRefused: (box: { code: string; name: string }, carrier: string) =>
    `${carrier} n'accepte pas l'emballage « ${box.name} » (${box.code}) : choisissez-en un autre.`,
  unknownLine: (id: number, order: string) => `La ligne ${id} n'appartient pas à la commande ${order}.`,
  productNotInOrder: (code: string, order: string) =>
    `Le produit ${code} ne fait pas partie de la commande ${order}.`,
  ambiguousProduct: (code: string) =>
    `Le produit ${code} figure sur plusieurs lignes de la commande : indiquez la ligne de commande.`,
  belowTare: (seq: number, weighed: number, box: { name: string; tareGrams: number }) =>
    `Colis ${seq} : ${kg(weighed)} pesés, moins que l'emballage « ${box.name} » vide (${kg(box.tareGrams)}). Vérifiez la balance ou la saisie (en grammes).`,
  overBox: (seq: number, grams: number, measured: boolean, box: { name: string; maxWeightGrams: number }) =>
    `Colis ${seq} : ${kg(grams)} ${measured ? 'pesés' : 'estimés'}, au-delà des ${kg(box.maxWeightGrams)} que supporte l'emballage « ${box.name} ». Répartissez les articles dans plusieurs colis ou prenez un emballage plus solide.`,
  overCarrier: (
    seq: number,
    grams: number,
    measured: boolean,
    carrier: { name: string; maxParcelGrams: number },
  ) =>
    `Colis ${seq} : ${kg(grams)} ${measured ? 'pesés' : 'estimés'}, au-delà des ${kg(carrier.maxParcelGrams)} que ${carrier.name} accepte par colis. Répartissez les articles dans plusieurs colis.`,
  overPicked: (product: string, packed: number, picked: number) =>
    `Trop d'unités de ${product} dans les colis : ${packed} pour ${picked} préparée(s).`,
  packed: (parcels: number) => `Emballée en ${parcels} colis`,
  unpacked: 'Emballage rouvert : des unités préparées ne sont plus dans un colis',
} as const
