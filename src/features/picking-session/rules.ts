/**
 * The picking rules, pure (model.ts applies them): what a scan does to the current task, what a
 * command does, and what a server's refusal changes.
 *
 * The location is scanned first (the unit must come from the task's location: the server moves it
 * from there), then each unit of the product; the next task at the same location needs no new
 * location scan. Wrong product, more than asked and a product before its location are refused on
 * the device, without a server call. 'Passer' puts the task last; 'Manquant' and 'Clôturer' ask
 * first, and the same command again (scanned or tapped) confirms.
 */
import type { PickingCommand, PickTask } from '@contract'
import { addOp, refuse, say, tasksOf, type PickingEvent, type PickingState } from './state.ts'
import { currentTask, isProduct, productTotals, sameName, todoTasks } from './tasks.ts'
import { text as t } from './text.ts'

export function scanned(
  state: PickingState,
  scan: { text: string; code: string; codes: ReadonlySet<string> },
): PickingState {
  const tasks = tasksOf(state)
  const task = currentTask(tasks)
  if (!task) return refuse(state, t.nothingLeft)
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
    const next = addOp(state, task, 'scan', scan.code)
    const picked = task.picked + 1
    return say(
      next,
      'success',
      picked >= task.quantity
        ? t.taskDone(product.name, task.quantity)
        : t.picked(product.name, picked, task.quantity),
    )
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
  if (which === 'skip') return say(addOp(state, task, 'skip'), 'warning', t.skipped(name, task.location))
  if (state.confirming !== 'short')
    return say({ ...state, confirming: 'short' }, 'warning', t.confirmShort(name, task.order))
  return say(addOp(state, task, 'short'), 'warning', t.shorted(name, task.order))
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
  // The server's message says what to do (put the article back, go on).
  const message = event.message
  const ops = state.ops.filter((o) => o.outboxId !== event.outboxId)
  return {
    ...state,
    base,
    ops,
    notice: { tone: 'error', text: message },
    refusals: [message, ...state.refusals].slice(0, 3),
  }
}
