/**
 * The shop's orders a return may be announced for (GET /api/client/{slugShop}/return/search):
 * shipped or partly returned, found by order number, tracking number, customer email or name,
 * newest first, each with what it shipped and what may still come back per line.
 */
import { sql } from 'kysely'
import { RETURNABLE_ORDER_STATUSES, type ReturnableOrder } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { lineQuantities } from './quantities.ts'

export const RETURN_SEARCH_LIMIT = 20

interface Found {
  id: number
  name: string
  status: ReturnableOrder['status']
  customerName: string
  customerEmail: string | null
  createdAt: Date
}

/** `%` and `_` typed by the user are letters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

export async function searchReturnable(db: Db, slug: string, q: string): Promise<ReturnableOrder[]> {
  const like = `%${escapeLike(q)}%`
  const { rows: orders } = await sql<Found>`
    select o.id, o.name, o.status, o.customer_name as "customerName", o.customer_email as "customerEmail",
           o.created_at as "createdAt"
      from orders o join shops s on s.id = o.shop_id
     where s.slug = ${slug} and o.status = any(${[...RETURNABLE_ORDER_STATUSES]}::text[])
       and (o.name = ${q} or o.name = upper(${q})
            or o.id in (select p.order_id from tracking_numbers t join parcels p on p.id = t.parcel_id
                         where t.number = ${q})
            or o.customer_email ilike ${like} or o.customer_name ilike ${like})
     order by o.created_at desc, o.id desc
     limit ${RETURN_SEARCH_LIMIT}
  `.execute(db)
  if (orders.length === 0) return []
  const ids = orders.map((o) => o.id)
  const lines = await lineQuantities(db, ids)
  const numbers = await sql<{ orderId: number; number: string }>`
    select p.order_id as "orderId", t.number
      from parcels p join tracking_numbers t on t.parcel_id = p.id and t.status = 'active'
     where p.order_id = any(${ids}::integer[]) and p.status = 'shipped'
     order by p.order_id, p.seq
  `.execute(db)
  return orders.map((o) => ({
    name: o.name,
    status: o.status,
    customer: { name: o.customerName, email: o.customerEmail },
    createdAt: new Date(o.createdAt).toISOString(),
    trackingNumbers: numbers.rows.filter((n) => n.orderId === o.id).map((n) => n.number),
    lines: lines
      .filter((l) => l.orderId === o.id)
      .map((l) => ({
        orderLine: l.orderLine,
        product: { sku: l.sku, ean13: l.ean13, name: l.name },
        shipped: l.shipped,
        returned: l.returned,
        returnable: Math.max(l.shipped - l.returned - l.announced, 0),
      })),
  }))
}
