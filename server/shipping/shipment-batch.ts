/**
 * A mono batch at the packing station (docs/specification.md §7.11 `GET /rest/warehouse/shipment/mono/{pickingName}`):
 * found by its printed name, then counted per product from its orders' lines and parcels — what
 * was picked, what is in a labelled parcel, what is left to scan — so the count is never stored
 * apart from what it counts. An order in exception (a short pick) counts in `picked` but not in
 * `left`: this screen does not ship it, and counts in `setAside` (a label refused then set aside,
 * issue 31), so the screen says where the unit went. A cancelled one counts apart, as units to
 * put back.
 */
import { sql } from 'kysely'
import {
  ERROR_CODES,
  isMonoPickingType,
  type MonoBatch,
  type OrderStatus,
  type PickingType,
} from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import { refusal, stockForbidden, stockNotFound } from '../kernel/errors.ts'
import { SHIPMENT_MESSAGES as M } from './shipment-messages.ts'
import { putBackOf } from './shipment-putback.ts'

export interface MonoBatchRef {
  id: number
  name: string
  shop: string
  pickingType: PickingType | null
}

/** The orders a mono scan may bind: picked, or packed with a parcel still to label. */
export const SHIPPABLE: ReadonlySet<OrderStatus> = new Set(['picked', 'packed'])
const SHIPPABLE_SQL = sql`(${sql.join([...SHIPPABLE].map((status) => sql.lit(status)))})`
/** Parcel states past their label. */
export const LABELLED_PARCEL = sql`('labelled', 'manifested', 'shipped')`

/** The batch named, of one of the user's shops, mono, with at least one unit picked; else refused. */
export async function loadMonoBatch(db: Db, user: AuthUser, scanned: string): Promise<MonoBatchRef> {
  const { rows } = await sql<{
    id: number
    name: string
    shop: string
    picking_type: PickingType | null
    types: PickingType[] | null
    picked: number | string | null
  }>`
    select b.id, b.name, s.slug as shop, b.picking_type,
           (select array_agg(distinct o.picking_type) from batch_orders bo join orders o on o.id = bo.order_id
             where bo.batch_id = b.id) as types,
           (select sum(l.picked_quantity) from batch_orders bo join order_lines l on l.order_id = bo.order_id
             where bo.batch_id = b.id) as picked
      from picking_batches b join shops s on s.id = b.shop_id
     where b.name = upper(${scanned.trim()})
  `.execute(db)
  const row = rows[0]
  if (!row) throw stockNotFound(M.unknownBatch(scanned.trim()))
  if (!user.shops.includes(row.shop)) throw stockForbidden(M.foreignBatch(row.name))
  // A campaign list has no type of its own: it is mono when every order in it is.
  const types = row.picking_type ? [row.picking_type] : (row.types ?? [])
  if (types.length === 0 || !types.every(isMonoPickingType))
    throw refusal(409, ERROR_CODES.conflict, M.notMono(row.name))
  if (Number(row.picked ?? 0) === 0) throw refusal(409, ERROR_CODES.orderStatus, M.nothingPicked(row.name))
  return { id: row.id, name: row.name, shop: row.shop, pickingType: row.picking_type }
}

interface ProductRow {
  sku: string
  ean13: string
  name: string
  picked: number
  shipped: number
  left: number
  cancelled: number
  setAside: number
  /** Its orders still to label, and its cancelled ones (null when none). */
  open: number[] | null
  gone: number[] | null
}

/**
 * What is picked, labelled and left per product of the batch, and what goes back to the shelves:
 * one aggregate (the batch's parcel lines summed once, not per line: a 200-order batch is counted
 * after every scan).
 */
export async function monoBatchView(db: Db, batch: MonoBatchRef): Promise<MonoBatch> {
  const { rows } = await sql<ProductRow>`
    with l as (
      select o.id as order_id, o.status, l.id, l.product_id, l.picked_quantity as picked
        from batch_orders bo join orders o on o.id = bo.order_id join order_lines l on l.order_id = o.id
       where bo.batch_id = ${batch.id} and l.picked_quantity > 0
    ), s as (
      select pl.order_line_id, sum(pl.quantity)::integer as shipped
        from parcels pa join parcel_lines pl on pl.parcel_id = pa.id
       where pa.order_id in (select order_id from l) and pa.status in ${LABELLED_PARCEL}
       group by pl.order_line_id
    ), x as (
      select l.*, coalesce(s.shipped, 0) as shipped,
             l.status in ${SHIPPABLE_SQL} and l.picked > coalesce(s.shipped, 0) as open
        from l left join s on s.order_line_id = l.id
    )
    select p.sku, p.ean13, p.name,
           coalesce(sum(x.picked) filter (where x.status <> 'cancelled'), 0)::integer as picked,
           coalesce(sum(x.shipped) filter (where x.status <> 'cancelled'), 0)::integer as shipped,
           coalesce(sum(x.picked - x.shipped) filter (where x.open), 0)::integer as left,
           coalesce(sum(x.picked) filter (where x.status = 'cancelled'), 0)::integer as cancelled,
           coalesce(sum(x.picked - x.shipped) filter (where x.status = 'exception'), 0)::integer as "setAside",
           array_agg(distinct x.order_id) filter (where x.open) as open,
           array_agg(distinct x.order_id) filter (where x.status = 'cancelled') as gone
      from x join products p on p.id = x.product_id
     group by p.id
     order by p.sku collate "C"
  `.execute(db)
  const products = rows.map(({ open, gone: _gone, ...p }) => ({
    product: { sku: p.sku, ean13: p.ean13, name: p.name },
    picked: p.picked,
    shipped: p.shipped,
    left: p.left,
    ordersLeft: open?.length ?? 0,
    cancelled: p.cancelled,
    setAside: p.setAside,
  }))
  return {
    batch: { name: batch.name, shop: batch.shop, pickingType: batch.pickingType },
    products,
    ordersLeft: new Set(rows.flatMap((r) => r.open ?? [])).size,
    unitsLeft: products.reduce((sum, p) => sum + p.left, 0),
    putBack: await putBackOf(db, [...new Set(rows.flatMap((r) => r.gone ?? []))]),
  }
}
