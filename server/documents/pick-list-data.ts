/**
 * What a pick list prints, read from the database when the document is fetched: the batch, its
 * orders in slot order with their lines, and where each line is picked (pickLocations: the same
 * choice as the picking session). Lines come sorted by the warehouse walk path.
 */
import { sql } from 'kysely'
import { isMonoPickingType, type PickingType } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { type BatchRow, findBatch } from '../picking/batch.ts'
import { compareWalkPath, pickLocations } from '../picking/locations.ts'

export interface PickListLine {
  orderName: string
  slot: number
  sku: string
  productName: string
  ean13: string
  quantity: number
  /** Null: no shelf holds the product ('Sans emplacement'). */
  location: string | null
  giftMessage: string | null
  customization: string | null
}

export interface PickListOrder {
  name: string
  slot: number
  status: string
  customer: string
  carrier: string | null
  shipBy: Date | null
  priority: number
  lines: PickListLine[]
}

export interface PickListData {
  batch: BatchRow
  /** mono: one unit per order, grouped by product; multi: per-order lines, slips and tote slots. */
  family: 'mono' | 'multi'
  orders: PickListOrder[]
  /** Every line, in walk-path order (location, then product, then slot). */
  lines: PickListLine[]
}

interface Row {
  order_name: string
  slot: number
  status: string
  picking_type: PickingType
  customer_name: string
  carrier: string | null
  ship_by: Date | null
  priority: number
  product_id: number
  sku: string
  product_name: string
  ean13: string
  quantity: number
  gift_message: string | null
  customization: string | null
}

/** Location on the walk path, then product, then tote slot. */
export const byWalkPath = (a: PickListLine, b: PickListLine) =>
  compareWalkPath(a.location, b.location) || (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0) || a.slot - b.slot

export async function loadPickList(db: Db, batchId: number): Promise<PickListData | null> {
  const batch = await findBatch(db, { id: batchId })
  if (!batch) return null
  const { rows } = await sql<Row>`
    select o.name as order_name, bo.slot, o.status, o.picking_type, o.customer_name,
           c.name as carrier, o.ship_by, o.priority, l.product_id, p.sku, p.name as product_name,
           p.ean13, l.quantity, l.gift_message, l.customization
      from batch_orders bo
      join orders o on o.id = bo.order_id
      join order_lines l on l.order_id = o.id
      join products p on p.id = l.product_id
      left join carriers c on c.id = o.carrier_id
     where bo.batch_id = ${batchId}
     order by bo.slot, l.id
  `.execute(db)
  const places = await pickLocations(
    db,
    rows.map((r) => r.product_id),
  )

  const orders: PickListOrder[] = []
  const lines: PickListLine[] = []
  for (const row of rows) {
    let order = orders[orders.length - 1]
    if (order?.name !== row.order_name) {
      order = {
        name: row.order_name,
        slot: row.slot,
        status: row.status,
        customer: row.customer_name,
        carrier: row.carrier,
        shipBy: row.ship_by === null ? null : new Date(row.ship_by),
        priority: row.priority,
        lines: [],
      }
      orders.push(order)
    }
    const line: PickListLine = {
      orderName: row.order_name,
      slot: row.slot,
      sku: row.sku,
      productName: row.product_name,
      ean13: row.ean13,
      quantity: row.quantity,
      location: places.get(row.product_id)?.name ?? null,
      giftMessage: row.gift_message,
      customization: row.customization,
    }
    order.lines.push(line)
    lines.push(line)
  }
  lines.sort(byWalkPath)
  // A campaign list mixing types is mono only when every one of its orders is.
  const mono = batch.pickingType
    ? isMonoPickingType(batch.pickingType)
    : rows.length > 0 && rows.every((r) => isMonoPickingType(r.picking_type))
  return { batch, family: mono ? 'mono' : 'multi', orders, lines }
}
