/**
 * Closing a picking session (docs/specification.md §7.10 close): the orders of its list not wholly picked go back
 * to ready for the next list (Shopfloor re-batches unfinished work, OCA/wms PR 1218), keeping
 * the units already picked (their lines count them, the units wait at the dock), their totes
 * unbound, and the session keeps its summary. The crates of its orders in exception (a short pick)
 * are named in the summary: they go to the exceptions shelf until a supervisor decides. Closing twice, or a replay, answers the same
 * summary: it is stored once.
 */
import { sql } from 'kysely'
import { ORDER_STATUSES, type PickingSummary } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import { changeStatus } from '../orders/status.ts'
import { stockForbidden, stockNotFound } from '../kernel/errors.ts'
import { SESSION_MESSAGES as M } from './session-messages.ts'

/**
 * An order of the session wholly picked, whatever happened to it since (packed, shipped, returned…):
 * the contract's statuses from 'picked' to 'returned', in their order, so a state added between
 * them counts without a second list to keep.
 */
const PICKED_OR_LATER = ORDER_STATUSES.slice(
  ORDER_STATUSES.indexOf('picked'),
  ORDER_STATUSES.indexOf('returned') + 1,
)

interface Counts {
  picked: number | string | null
  short: number | string | null
  skipped: number | string
  orders_picked: number | string
  orders_exception: number | string
}

/** Closes the user's session and answers its summary. */
export async function closeSession(db: Db, user: AuthUser, sessionId: number): Promise<PickingSummary> {
  return db.transaction().execute(async (trx) => {
    const session = await trx
      .selectFrom('picking_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.user_id', 's.status', 's.batch_id', 's.summary', 'u.display_name'])
      .where('s.id', '=', sessionId)
      .forUpdate('s')
      .executeTakeFirst()
    if (!session) throw stockNotFound(M.unknownSession(sessionId))
    if (session.user_id !== user.id) throw stockForbidden(M.foreignSession(session.display_name))
    if (session.status === 'closed') return session.summary as PickingSummary

    // The orders still being picked in this list: back to ready, out of the list.
    const unfinished = await trx
      .selectFrom('orders')
      .select('id')
      .where('batch_id', '=', session.batch_id)
      .where('status', '=', 'picking')
      .execute()
    await changeStatus(
      trx,
      unfinished.map((o) => o.id),
      { to: 'to_pick', userId: user.id, reason: M.released, batchId: null },
    )
    // Their totes are free again: the next list binds whichever tote its picker takes (the orders
    // are locked by changeStatus, as a scan binding one of their totes would lock them first).
    if (unfinished.length > 0)
      await trx
        .updateTable('totes')
        .set({ order_id: null, bound_at: null, bound_by: null })
        .where(
          'order_id',
          'in',
          unfinished.map((o) => o.id),
        )
        .execute()

    const { rows } = await sql<Counts>`
      select sum(pt.picked) as picked,
             sum(pt.quantity - pt.picked) filter (where pt.status = 'short') as short,
             count(*) filter (where pt.status = 'todo') as skipped,
             count(distinct pt.order_id) filter (where o.status = any(${PICKED_OR_LATER}::text[])) as orders_picked,
             count(distinct pt.order_id) filter (where o.status = 'exception') as orders_exception
        from pick_tasks pt join orders o on o.id = pt.order_id
       where pt.session_id = ${sessionId}
    `.execute(trx)
    const counts = rows[0] as Counts
    // The crates of this session's orders in exception go to the exceptions shelf, named here.
    const { rows: shelf } = await sql<{ code: string; order: string }>`
      select distinct t.code, o.name as "order"
        from pick_tasks pt join orders o on o.id = pt.order_id join totes t on t.order_id = o.id
       where pt.session_id = ${sessionId} and o.status = 'exception'
       order by t.code
    `.execute(trx)
    const summary: PickingSummary = {
      picked: Number(counts.picked ?? 0),
      short: Number(counts.short ?? 0),
      skipped: Number(counts.skipped),
      orders: {
        picked: Number(counts.orders_picked),
        exception: Number(counts.orders_exception),
        released: unfinished.length,
      },
      ...(shelf.length > 0 && { totes: shelf.map((t) => t.code), message: M.exceptionShelf(shelf) }),
    }
    await trx
      .updateTable('picking_sessions')
      .set({ status: 'closed', closed_at: sql`now()`, summary: sql`${JSON.stringify(summary)}::jsonb` })
      .where('id', '=', sessionId)
      .execute()
    // The list is done with once none of its orders is left being picked in it.
    await sql`
      update picking_batches b set status = 'closed'
       where b.id = ${session.batch_id}
         and not exists (select 1 from orders o where o.batch_id = b.id and o.status = 'picking')
    `.execute(trx)
    return summary
  })
}
