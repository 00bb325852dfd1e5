/**
 * The tote of a multi order's unit (cluster picking, after Shopfloor's destination package): the
 * order's first unit binds a free tote to the order, every other unit goes into that one, and a
 * tote holds one order at a time. A mono order's units go to the dock by product: a tote named
 * with one is ignored.
 *
 * Why this holds on two handhelds at once: the scan's read (picking_scan_read_tote, db/functions/picking.sql)
 * locked the named tote, then read the order holding it, so no other order binds it before this
 * scan's transaction ends. That holder decides, not the task's 'tote': the task was read before
 * the tote's lock, and another order may have taken over a tote its order no longer held.
 */
import { ERROR_CODES, type OrderStatus } from '../../contract/index.ts'
import { refusal } from '../kernel/errors.ts'
import type { ScanContext, ScanTask } from './pick-load.ts'
import { SESSION_MESSAGES as M } from './session-messages.ts'

/** A tote bound to an order in these states holds its units; otherwise (cancelled, packed…) it is free. */
const HOLDING: readonly OrderStatus[] = ['picking', 'picked', 'exception']

export interface UnitTote {
  /** The order's tote once the unit is in it. */
  code: string
  /** Whether the unit's write binds it (the order's first unit). */
  bind: boolean
}

/** The tote the unit goes into, or null for a mono order; refuses (409) a missing, wrong or taken tote. */
export function toteOfUnit(ctx: ScanContext, task: ScanTask, named: string | undefined): UnitTote | null {
  if (!task.view.toTote) return null
  const { order, tote: bound } = task.view
  if (!named) throw refusal(409, ERROR_CODES.toteRequired, M.toteRequired(order, bound))
  if (bound !== null && named !== bound) throw refusal(409, ERROR_CODES.wrongTote, M.wrongTote(order, bound))
  if (ctx.toteIssued === false) throw refusal(404, ERROR_CODES.unknownCode, M.unknownTote(named))
  const holder = ctx.toteHolder
  if (holder?.orderId === task.orderId) return { code: named, bind: false }
  if (holder && HOLDING.includes(holder.status))
    throw refusal(409, ERROR_CODES.toteTaken, M.toteTaken(named, holder.order))
  return { code: named, bind: true }
}
