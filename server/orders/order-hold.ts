/**
 * Why an order is in 'exception' and where its units are (issue 31), as 'Information commande'
 * and 'Colis' both show it: a short pick (the units the picker could not find, and where) or an
 * order set aside at the packing station (the reason typed then), with the crate holding its units.
 */
import { sql } from 'kysely'
import type { HoldKind, MissingUnit, OrderHold } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { SHORT_MESSAGES as M } from './short-messages.ts'

interface HoldRow {
  status: string
  kind: HoldKind | null
  shorts: number
  tote: string | null
  since: Date | null
  why: string | null
}

/** The order's hold, or null when it is not in exception. */
export async function holdOf(db: Db, orderId: number): Promise<OrderHold | null> {
  const { rows } = await sql<HoldRow>`
    select o.status, o.hold_kind as kind,
           (select coalesce(sum(l.short_quantity), 0)::integer from order_lines l where l.order_id = o.id) as shorts,
           (select t.code from totes t where t.order_id = o.id order by t.code limit 1) as tote,
           h.at as since, h.reason as why
      from orders o
      left join lateral (
        select at, reason from order_status_history
         where order_id = o.id and to_status = 'exception' order by at desc, id desc limit 1
      ) h on true
     where o.id = ${orderId}
  `.execute(db)
  const row = rows[0]
  if (!row || row.status !== 'exception') return null
  // An exception from before the kind was kept: a short pick left its units on the lines.
  const kind = row.kind ?? (row.shorts > 0 ? 'short_pick' : 'set_aside')
  if (kind === 'set_aside') return { kind, reason: row.why ?? M.setAside, missing: [], tote: row.tote }
  const missing = await missingOf(db, orderId, row.since)
  return { kind, reason: M.reason(missing), missing, tote: row.tote }
}

/**
 * The short tasks of this exception: declared since the order last went into exception (the task
 * and the status change share their transaction's now()), so an earlier short pick the order
 * waited out is not counted again.
 */
async function missingOf(db: Db, orderId: number, since: Date | null): Promise<MissingUnit[]> {
  const { rows } = await sql<MissingUnit>`
    select p.sku, p.name, loc.name as location, sum(pt.quantity - pt.picked)::integer as quantity
      from pick_tasks pt
      join products p on p.id = pt.product_id
      join locations loc on loc.id = pt.location_id
     where pt.order_id = ${orderId} and pt.status = 'short'
       and pt.updated_at >= ${since ?? new Date(0)}
     group by p.sku, p.name, loc.name
     order by loc.name, p.sku
  `.execute(db)
  return rows
}
