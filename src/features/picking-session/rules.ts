/**
 * The picking rules, pure (model.ts applies them): what a scan does to the current task, what a
 * command does, and what a server's refusal changes.
 *
 * The location is scanned first (the unit must come from the task's location: the server moves it
 * from there), then each unit of the product; the next task at the same location needs no new
 * location scan. Wrong product, more than asked and a product before its location are refused on
 * the device, without a server call. A multi order's unit then goes into its order's tote, scanned
 * (the first unit binds a free one): a tote of another order, or another tote than the order's, is
 * refused on the device too; the server checks the same against every session. 'Passer' puts the task last; 'Manquant' and 'Clôturer' ask
 * first, and the same command again (scanned or tapped) confirms.
 */
import { isToteCode, TOTE_CODE_MESSAGE, type PickingCommand, type PickTask } from '@contract'
import { addOp, refuse, say, tasksOf, type PickingEvent, type PickingState } from './state.ts'
import { currentTask, isProduct, productTotals, sameName, todoTasks, toteHolder, toteOf } from './tasks.ts'
import { redoOf } from './redo.ts'
import { text as t } from './text.ts'

export function scanned(
  state: PickingState,
  scan: { text: string; code: string; codes: ReadonlySet<string> },
): PickingState {
  const tasks = tasksOf(state)
  const task = currentTask(tasks)
  if (!task) return refuse(state, t.nothingLeft)
  if (state.inHand) return intoTote(state, tasks, scan)
  if (isToteCode(scan.text)) return refuse(state, task.toTote ? t.productFirst(task.product.name) : t.noTote)
  const { product } = task
  if (sameName(scan.text, task.location)) {
    return say(
      { ...state, atLocation: task.location, confirming: null },
      'success',
      t.atLocation(task.location),
    )
  }
  if (isProduct(scan.codes, product)) {
    if (!sameName(state.atLocation, task.location)) return refuse(state, t.locationFirst(task.location))
    if (task.picked >= task.quantity)
      return refuse(state, t.tooMany(product.name, task.picked, task.quantity))
    // A multi order's unit goes into its order's tote: stored once the tote is scanned.
    if (task.toTote) {
      const inHand = { taskId: task.id, code: scan.code }
      return say(
        { ...state, inHand, confirming: null },
        'success',
        t.toTote(product.name, task.order, toteOf(tasks, task.order)),
      )
    }
    return pickedOne(addOp(state, task, 'scan', { code: scan.code }), task)
  }
  const totals = productTotals(tasks, scan.codes)
  // A product of the list with nothing left to take: one more than asked.
  if (totals.tasks.length > 0 && !todoTasks(tasks).some((x) => isProduct(scan.codes, x.product))) {
    return refuse(state, t.tooMany(totals.tasks[0]!.product.name, totals.picked, totals.quantity))
  }
  if (tasks.some((x) => sameName(scan.text, x.location))) return refuse(state, t.wrongLocation(task.location))
  if (!sameName(state.atLocation, task.location) && totals.tasks.length === 0) {
    return refuse(state, t.neither(scan.text.trim(), task.location, product.name, product.sku))
  }
  return refuse(state, t.wrongProduct(product.name, product.sku))
}

/** The unit in hand put into a tote: its order's (or a free one, which it binds); anything else waits. */
function intoTote(state: PickingState, tasks: PickTask[], scan: Parameters<typeof scanned>[1]): PickingState {
  const inHand = state.inHand!
  const { text } = scan
  const task = tasks.find((x) => x.id === inHand.taskId)
  // Its task was dealt with meanwhile (the order cancelled, the server's answer): the scan is a new one.
  if (!task || task.status !== 'todo') return scanned({ ...state, inHand: null }, scan)
  const bound = toteOf(tasks, task.order)
  // A crate label misread or mistyped ('CAISSE-12') says what a crate code is, as the server would.
  if (!isToteCode(text))
    return refuse(
      state,
      /^CAISSE/i.test(text.trim()) ? TOTE_CODE_MESSAGE : t.toteFirst(task.product.name, task.order, bound),
    )
  const tote = text.trim().toUpperCase()
  if (bound !== null && bound !== tote) return refuse(state, t.wrongTote(task.order, bound))
  // A crate never printed is refused here, offline too, before the unit is counted in it.
  if (bound !== tote && !isKnownTote(state, tote)) return refuse(state, t.unknownTote(tote))
  const holder = toteHolder(tasks, tote, task.order)
  if (holder !== null) return refuse(state, t.toteTaken(tote, holder))
  return pickedOne(addOp(state, task, 'scan', { code: inHand.code, tote }), task, tote)
}

/** The crate's number. */
export const toteNumber = (tote: string): number => Number(tote.trim().slice('CAISSE-'.length))

/**
 * Whether the crate was printed, as far as the device knows (state.lastTote). Unknown until the
 * device has heard the count once: then the server alone decides, as before.
 */
export const isKnownTote = (state: PickingState, tote: string): boolean =>
  state.lastTote === null || toteNumber(tote) <= state.lastTote

/** What the picker is told once a unit of `task` is stored. */
function pickedOne(next: PickingState, task: PickTask, tote?: string): PickingState {
  const picked = task.picked + 1
  const said =
    picked >= task.quantity
      ? t.taskDone(task.product.name, task.quantity)
      : t.picked(task.product.name, picked, task.quantity)
  return say(next, 'success', tote === undefined ? said : t.inTote(tote, said))
}

export function command(state: PickingState, which: PickingCommand): PickingState {
  const task = currentTask(tasksOf(state))
  if (which === 'close') {
    if (state.confirming !== 'close')
      return say(
        { ...state, confirming: 'close' },
        'warning',
        t.confirmClose(todoTasks(tasksOf(state)).length),
      )
    return { ...state, phase: 'closing', confirming: null, notice: null, closeError: null }
  }
  if (!task) return refuse(state, t.nothingLeft)
  const { name } = task.product
  // A unit in hand goes back on the shelf: skipping or shorting its task stores no pick (addOp).
  if (which === 'skip') return say(addOp(state, task, 'skip'), 'warning', t.skipped(name, task.location))
  if (state.confirming !== 'short')
    return say({ ...state, confirming: 'short' }, 'warning', t.confirmShort(name, task.order))
  // What becomes of the order's units, as the server says it (issue 31): a multi order's crate
  // goes to the exceptions shelf at the close.
  const crate = task.toTote ? { tote: task.tote } : null
  return say(addOp(state, task, 'short'), 'warning', t.shorted(name, task.order, crate))
}

export function refused(
  state: PickingState,
  event: Extract<PickingEvent, { type: 'refused' }>,
): PickingState {
  const op = state.ops.find((o) => o.outboxId === event.outboxId)
  const taskId = op?.taskId ?? event.taskId
  const order = state.base.find((x) => x.id === taskId)?.order
  // The server's word on the task: an order cancelled meanwhile takes its tasks off the list, a
  // task already dealt with is done. Any other refusal undoes the unit (the pick did not happen).
  const base = state.base.map((x): PickTask => {
    if (x.status !== 'todo') return x
    if (event.code === 'order_cancelled' && x.order === order) return { ...x, status: 'cancelled' }
    if (event.code === 'task_done' && x.id === taskId) return { ...x, status: 'done' }
    return x
  })
  const tote = op?.tote ?? event.tote
  // One task to redo, naming the unit and what to do with it (redo.ts), until it is done.
  const redo = redoOf(
    state.base,
    {
      outboxId: event.outboxId,
      taskId,
      action: op?.action ?? event.action ?? 'scan',
      ...(tote !== undefined && { tote }),
      code: event.code,
      message: event.message,
    },
    state.nextOp,
  )
  return {
    ...state,
    base,
    ops: state.ops.filter((o) => o.outboxId !== event.outboxId),
    notice: { tone: 'error', text: redo.title },
    redo: [...state.redo.filter((r) => r.outboxId !== event.outboxId), redo],
  }
}
