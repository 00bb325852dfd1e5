/**
 * An order's packing state, read in one place: the order (its row locked when asked, so two
 * packers' PUTs on one order run one after the other), its lines with product weights and what
 * is picked and packed, every box type with whether the order's carrier accepts it, and its
 * parcels with their active tracking numbers (what labelling checks first); packaging-view.ts
 * answers it. `loadPackOrder` is the one look-up of an order by name for every shipping call:
 * unknown, or of a shop the user does not work for, it refuses.
 */
import { sql } from 'kysely'
import type { OrderStatus, ParcelStatus } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import { forbidden, MESSAGES } from '../http/errors.ts'
import type { Address } from '../orders/intake/address.ts'
import { shipToOf, shipToSelect } from '../orders/ship-to.ts'
import { stockNotFound } from '../kernel/errors.ts'
import { PACKAGING_MESSAGES } from './packaging-messages.ts'

export interface PackOrder {
  id: number
  name: string
  status: OrderStatus
  shop: string
  /** The carrier label's recipient. */
  shipTo: Address
  /** `labelFailure`: how the simulated carrier fails (carriers/failure.ts), as stored. */
  carrier: { id: number; code: string; name: string; maxParcelGrams: number; labelFailure: string } | null
  /** Its shop sent a label it bought (shop-label-use.ts), used or not. */
  shopLabel: boolean
}

export interface PackLine {
  id: number
  sku: string
  ean13: string
  name: string
  weightGrams: number
  defaultBoxType: string | null
  quantity: number
  picked: number
}

export interface PackBox {
  id: number
  code: string
  name: string
  innerMm: { length: number; width: number; height: number }
  tareGrams: number
  maxWeightGrams: number
  /** By the order's carrier (every box when the order has none). */
  accepted: boolean
}

export interface PackParcel {
  id: number
  seq: number
  status: ParcelStatus
  boxTypeId: number
  weightGrams: number | null
  estimatedGrams: number
  lines: { orderLine: number; quantity: number }[]
  /** Its active tracking number (one at most: migration 0011), or null. */
  tracking: { id: number; number: string } | null
}

export interface PackState {
  order: PackOrder
  lines: PackLine[]
  boxes: PackBox[]
  /** Not voided, in seq order. */
  parcels: PackParcel[]
  /** The highest seq the order ever used (voided parcels included): a new parcel takes the next. */
  lastSeq: number
}

/** The order named, as `user` may see it; `lock`: its row is locked for the caller's transaction. */
export async function loadPackOrder(
  db: Db,
  user: AuthUser,
  orderName: string,
  lock = false,
): Promise<PackOrder> {
  const base = db
    .selectFrom('orders as o')
    .innerJoin('shops as s', 's.id', 'o.shop_id')
    .leftJoin('carriers as c', 'c.id', 'o.carrier_id')
    .select(['o.id', 'o.name', 'o.status', 's.slug as shop', ...shipToSelect('o')])
    .select(['c.id as carrierId', 'c.code', 'c.name as carrier', 'c.max_parcel_grams', 'c.label_failure'])
    .select((eb) =>
      eb
        .exists(eb.selectFrom('shop_labels as l').select('l.order_id').whereRef('l.order_id', '=', 'o.id'))
        .as('shopLabel'),
    )
    .where('o.name', '=', orderName)
  const row = await (lock ? base.forUpdate('o') : base).executeTakeFirst()
  if (!row) throw stockNotFound(PACKAGING_MESSAGES.unknownOrder(orderName))
  if (!user.shops.includes(row.shop)) throw forbidden(MESSAGES.shopForbidden(row.shop))
  const { carrierId, code, carrier, max_parcel_grams, label_failure } = row
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    shop: row.shop,
    shipTo: shipToOf(row),
    shopLabel: Boolean(row.shopLabel),
    carrier:
      carrierId === null
        ? null
        : {
            id: carrierId,
            code: code as string,
            name: carrier as string,
            maxParcelGrams: max_parcel_grams as number,
            labelFailure: label_failure as string,
          },
  }
}

/** The order's whole packing state (loadPackOrder's refusals first). */
export async function loadPackState(
  db: Db,
  user: AuthUser,
  orderName: string,
  lock = false,
): Promise<PackState> {
  const order = await loadPackOrder(db, user, orderName, lock)
  const [lines, boxes] = await Promise.all([
    loadLines(db, order.id),
    loadBoxes(db, order.carrier?.id ?? null),
  ])
  return withParcels(db, { order, lines, boxes })
}

/** The state with the order moved to `status` (the caller wrote it through changeStatus). */
export const withStatus = (state: PackState, status: OrderStatus): PackState => ({
  ...state,
  order: { ...state.order, status },
})

/** The state with its parcels read (again, after a write). */
export async function withParcels(db: Db, state: Omit<PackState, 'parcels' | 'lastSeq'>): Promise<PackState> {
  const parcels = await loadParcels(db, state.order.id)
  const active = parcels.filter((p) => p.status !== 'voided')
  return { ...state, parcels: active, lastSeq: Math.max(0, ...parcels.map((p) => p.seq)) }
}

function loadLines(db: Db, orderId: number): Promise<PackLine[]> {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('box_types as b', 'b.id', 'p.default_box_type_id')
    .select([
      'l.id',
      'p.sku',
      'p.ean13',
      'p.name',
      'p.weight_grams as weightGrams',
      'b.code as defaultBoxType',
    ])
    .select(['l.quantity', 'l.picked_quantity as picked'])
    .where('l.order_id', '=', orderId)
    .orderBy('l.id')
    .execute()
}

async function loadBoxes(db: Db, carrierId: number | null): Promise<PackBox[]> {
  const { rows } = await sql<Omit<PackBox, 'innerMm'> & { length: number; width: number; height: number }>`
    select b.id, b.code, b.name, b.inner_length_mm as length, b.inner_width_mm as width,
           b.inner_height_mm as height, b.tare_grams as "tareGrams", b.max_weight_grams as "maxWeightGrams",
           (${carrierId}::integer is null or exists (
              select 1 from box_type_carriers bc where bc.box_type_id = b.id and bc.carrier_id = ${carrierId}::integer
           )) as accepted
      from box_types b
     order by b.max_weight_grams, b.code
  `.execute(db)
  return rows.map(({ length, width, height, ...box }) => ({ ...box, innerMm: { length, width, height } }))
}

async function loadParcels(db: Db, orderId: number): Promise<PackParcel[]> {
  const { rows } = await sql<PackParcel>`
    select p.id, p.seq, p.status, p.box_type_id as "boxTypeId", p.weight_grams as "weightGrams",
           p.estimated_grams as "estimatedGrams",
           coalesce((select json_agg(json_build_object('orderLine', pl.order_line_id, 'quantity', pl.quantity)
                                     order by pl.order_line_id)
                       from parcel_lines pl where pl.parcel_id = p.id), '[]'::json) as lines,
           (select json_build_object('id', t.id, 'number', t.number)
              from tracking_numbers t where t.parcel_id = p.id and t.status = 'active') as tracking
      from parcels p
     where p.order_id = ${orderId}
     order by p.seq
  `.execute(db)
  return rows
}

/** Units of each order line in the parcels given. */
export function packedByLine(parcels: readonly Pick<PackParcel, 'lines'>[]): Map<number, number> {
  const packed = new Map<number, number>()
  for (const parcel of parcels)
    for (const line of parcel.lines)
      packed.set(line.orderLine, (packed.get(line.orderLine) ?? 0) + line.quantity)
  return packed
}

/** Every picked unit is in a parcel, and there is at least one. */
export function isComplete(lines: readonly PackLine[], packed: ReadonlyMap<number, number>): boolean {
  return lines.some((l) => l.picked > 0) && lines.every((l) => (packed.get(l.id) ?? 0) === l.picked)
}
