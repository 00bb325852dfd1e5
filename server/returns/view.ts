/**
 * Returns as the contract shows them (customerReturnSchema), read in two statements whatever their
 * number: the returns with their shop, order, origin and wait reason, then all their lines.
 */
import { sql } from 'kysely'
import type { CustomerReturn, ReturnLine, ReturnReason } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'

interface ReturnRow extends Omit<CustomerReturn, 'lines' | 'receivedAt'> {
  id: number
  receivedAt: Date | null
}

interface LineRow extends Omit<ReturnLine, 'quantity' | 'product'> {
  returnId: number
  expected: number
  received: number
  product: ReturnLine['product']
}

const reason = (id: number | null, label: string | null): ReturnReason | null =>
  id === null || label === null ? null : { id, label }

export async function loadReturnViews(db: Db, ids: readonly number[]): Promise<CustomerReturn[]> {
  if (ids.length === 0) return []
  const { rows: heads } = await sql<
    ReturnRow & {
      originId: number | null
      originLabel: string | null
      waitId: number | null
      waitLabel: string | null
    }
  >`
    select r.id, r.number, r.status, r.note, r.tracking_number as "trackingNumber", r.received_at as "receivedAt",
           case when s.id is null then null else json_build_object('slug', s.slug, 'name', s.name) end as shop,
           case when o.id is null then null else json_build_object('name', o.name, 'status', o.status) end as "order",
           ro.id as "originId", ro.label as "originLabel", w.id as "waitId", w.label as "waitLabel"
      from returns r
      left join shops s on s.id = r.shop_id
      left join orders o on o.id = r.order_id
      left join return_origins ro on ro.id = r.origin_id
      left join return_wait_reasons w on w.id = r.wait_reason_id
     where r.id = any(${[...ids]}::integer[])
  `.execute(db)
  const { rows: lines } = await sql<LineRow>`
    select rl.return_id as "returnId", rl.id, rl.code, rl.expected, rl.quantity as received,
           rl.in_order as "inOrder", rl.condition, rl.disposition, lo.name as location,
           case when p.id is null then null
                else json_build_object('sku', p.sku, 'ean13', p.ean13, 'name', p.name) end as product,
           case when rr.id is null then null
                else json_build_object('id', rr.id, 'label', rr.label) end as "rebutReason"
      from return_lines rl
      left join products p on p.id = rl.product_id
      left join locations lo on lo.id = rl.location_id
      left join rebut_reasons rr on rr.id = rl.rebut_reason_id
     where rl.return_id = any(${[...ids]}::integer[])
     order by rl.return_id, rl.id
  `.execute(db)
  const byId = new Map(heads.map((h) => [h.id, h]))
  return ids.flatMap((id) => {
    const h = byId.get(id)
    if (!h) return []
    return [
      {
        number: h.number,
        status: h.status,
        shop: h.shop,
        order: h.order,
        origin: reason(h.originId, h.originLabel),
        waitReason: reason(h.waitId, h.waitLabel),
        note: h.note,
        trackingNumber: h.trackingNumber,
        receivedAt: h.receivedAt ? new Date(h.receivedAt).toISOString() : null,
        lines: lines
          .filter((l) => l.returnId === id)
          .map((l) => ({
            id: l.id,
            product: l.product,
            code: l.code,
            // A line announced and not yet received shows what the shop expects.
            quantity: l.condition === null ? l.expected : l.received,
            inOrder: l.inOrder,
            condition: l.condition,
            disposition: l.disposition,
            location: l.location,
            rebutReason: l.rebutReason,
          })),
      },
    ]
  })
}

export async function loadReturnView(db: Db, id: number): Promise<CustomerReturn> {
  const [view] = await loadReturnViews(db, [id])
  if (!view) throw new Error(`return ${id} not found`)
  return view
}
