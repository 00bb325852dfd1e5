/**
 * Demo shipping data (migration 0011): the packing table's box types, what each carrier accepts
 * and carries at most, how each demo carrier fails its labels, and each product's weight and
 * default box. Figures are plausible ones (French carriers' usual limits, boxes of a small shop).
 */
import { sql } from 'kysely'
import { CARRIERS } from '../../carriers/registry.ts'
import type { Db } from '../connect.ts'
import type { DEMO_CARRIERS } from './people.ts'
import type { DEMO_SHOPS } from './shops.ts'

export const DEMO_BOX_TYPES = [
  { code: 'ENV', name: 'Enveloppe matelassée', mm: [340, 240, 40], tare: 40, max: 1_500 },
  { code: 'S', name: 'Carton S', mm: [250, 180, 100], tare: 150, max: 5_000 },
  { code: 'M', name: 'Carton M', mm: [350, 250, 150], tare: 300, max: 10_000 },
  { code: 'L', name: 'Carton L', mm: [500, 350, 250], tare: 550, max: 20_000 },
  // Double wall, for floor lamps: its sides add up to 160 cm, over Colissimo's and Mondial Relay's 150.
  { code: 'XL', name: 'Carton XL', mm: [800, 400, 400], tare: 1_200, max: 40_000 },
] as const
type BoxCode = (typeof DEMO_BOX_TYPES)[number]['code']

type CarrierCode = (typeof DEMO_CARRIERS)[number]['code']

/**
 * The boxes each carrier takes, and its label behaviour: GLS fails one label in five, so the
 * label-failure path (issue 13) shows up in the demo; the others never fail. Each carrier's parcel
 * limit is the simulated carrier's own (server/carriers/registry.ts), so packing never lets through
 * a parcel the carrier then refuses.
 */
export const CARRIER_SHIPPING: Record<CarrierCode, { boxes: BoxCode[]; failure: string }> = {
  colissimo: { boxes: ['ENV', 'S', 'M', 'L'], failure: 'never' },
  chronopost: { boxes: ['ENV', 'S', 'M', 'L', 'XL'], failure: 'never' },
  // Sorted on conveyors: boxes only.
  dpd: { boxes: ['S', 'M', 'L', 'XL'], failure: 'never' },
  gls: { boxes: ['S', 'M', 'L', 'XL'], failure: '0.2' },
  'mondial-relay': { boxes: ['ENV', 'S', 'M', 'L'], failure: 'never' },
}

type Item = (typeof DEMO_SHOPS)[number]['items'][number]

/** A unit's weight in grams (its own packaging included) and the box it ships in alone. */
const ITEM_PACKING: Record<Item, readonly [number, BoxCode]> = {
  'Lampe de chevet': [1_200, 'M'],
  Suspension: [900, 'L'],
  'Applique murale': [800, 'M'],
  'Bougie parfumée': [350, 'S'],
  Photophore: [450, 'S'],
  'Guirlande lumineuse': [250, 'ENV'],
  Lampadaire: [4_500, 'XL'],
  'Abat-jour': [400, 'L'],
  'Ampoule filament': [60, 'S'],
  Veilleuse: [180, 'S'],
  'Chambre à air': [150, 'ENV'],
  Pneu: [450, 'M'],
  Chaîne: [280, 'ENV'],
  'Patins de frein': [60, 'ENV'],
  'Éclairage avant': [120, 'S'],
  'Feu arrière': [70, 'ENV'],
  Antivol: [1_100, 'S'],
  Selle: [350, 'M'],
  Guidoline: [90, 'ENV'],
  Pompe: [450, 'M'],
  'Savon solide': [110, 'ENV'],
  'Shampoing solide': [80, 'ENV'],
  'Crème hydratante': [180, 'S'],
  'Huile démaquillante': [220, 'S'],
  'Baume à lèvres': [20, 'ENV'],
  Déodorant: [90, 'ENV'],
  Sérum: [120, 'S'],
  Gommage: [200, 'S'],
  'Masque argile': [160, 'S'],
  Dentifrice: [95, 'ENV'],
  Carnet: [250, 'ENV'],
  'Stylo plume': [45, 'ENV'],
  'Cartes postales': [60, 'ENV'],
  Agenda: [420, 'ENV'],
  'Crayons de couleur': [300, 'S'],
  Enveloppes: [180, 'ENV'],
  'Papier à lettres': [350, 'ENV'],
  'Marque-page': [15, 'ENV'],
  Encre: [110, 'S'],
  Trousse: [130, 'ENV'],
}

/** A product's weight (its item's, ±10 % by variant, to 5 g) and default box code. */
export function productPacking(item: Item, variant: number): { grams: number; box: BoxCode } {
  const [grams, box] = ITEM_PACKING[item]
  const factor = 1 + ((variant % 5) - 2) * 0.05
  return { grams: Math.max(5, Math.round((grams * factor) / 5) * 5), box }
}

/** Inserts the box types; answers their ids by code. */
export async function seedBoxTypes(trx: Db): Promise<Map<string, number>> {
  const rows = await trx
    .insertInto('box_types')
    .values(
      DEMO_BOX_TYPES.map((b) => ({
        code: b.code,
        name: b.name,
        inner_length_mm: b.mm[0],
        inner_width_mm: b.mm[1],
        inner_height_mm: b.mm[2],
        tare_grams: b.tare,
        max_weight_grams: b.max,
      })),
    )
    .returning(['id', 'code'])
    .execute()
  return new Map(rows.map((r) => [r.code, r.id]))
}

/** The carriers' limits and label behaviour, and the boxes each accepts (after seedPeople). */
export async function seedCarrierShipping(trx: Db): Promise<void> {
  const rules = Object.entries(CARRIER_SHIPPING) as [CarrierCode, (typeof CARRIER_SHIPPING)[CarrierCode]][]
  await sql`
    update carriers c set max_parcel_grams = r.max, label_failure = r.failure
      from unnest(${rules.map(([code]) => code)}::text[], ${rules.map(([code]) => CARRIERS[code].maxGrams)}::integer[],
                  ${rules.map(([, r]) => r.failure)}::text[]) as r(code, max, failure)
     where c.code = r.code
  `.execute(trx)
  const pairs = rules.flatMap(([code, r]) => r.boxes.map((box) => [code, box] as const))
  await sql`
    insert into box_type_carriers (box_type_id, carrier_id)
    select b.id, c.id
      from unnest(${pairs.map(([code]) => code)}::text[], ${pairs.map(([, box]) => box)}::text[]) as p(carrier, box)
      join carriers c on c.code = p.carrier
      join box_types b on b.code = p.box
  `.execute(trx)
}
