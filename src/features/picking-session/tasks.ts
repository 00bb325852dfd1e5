/**
 * A picking session's task list as pure functions: the walk order, the current and next task,
 * the progress, and the picks made on this device applied over what the server last said. The
 * screen computes the next task from here when the server cannot be reached (issue 12).
 */
import type { PickTask, StockProduct } from '@contract'
import { matchesProduct } from '@/features/scanning'

export type PickAction = 'scan' | 'skip' | 'short'

/**
 * A pick (one unit), a skip or a short made on this device and not answered yet. It is applied
 * over the server's tasks until its answer replaces them; `outboxId` is its outbox item once stored.
 */
export interface PickOp {
  id: string
  outboxId: number | null
  taskId: number
  action: PickAction
  /** What was scanned (a pick): the code the server checks again. */
  code?: string
  /** The tote the unit was put into (a multi order's pick). */
  tote?: string
}

/** The walk path (the server's sequence), 'Passer' having moved a task after the last one. */
const walk = (a: PickTask, b: PickTask) => a.sequence - b.sequence || a.id - b.id

/** The tasks still to do, in walk order. */
export const todoTasks = (tasks: readonly PickTask[]): PickTask[] =>
  tasks.filter((t) => t.status === 'todo').sort(walk)
export const currentTask = (tasks: readonly PickTask[]): PickTask | null => todoTasks(tasks)[0] ?? null

/** Tasks dealt with (picked, short or cancelled) out of all: a skipped task still counts as to do. */
export function progressOf(tasks: readonly PickTask[]): { done: number; total: number } {
  return { done: tasks.filter((t) => t.status !== 'todo').length, total: tasks.length }
}

function applyTo(task: PickTask, op: PickOp, lastSequence: number): PickTask {
  // A task already dealt with takes nothing more: the server refuses it too ('task_done').
  if (task.status !== 'todo' || task.id !== op.taskId) return task
  switch (op.action) {
    case 'scan': {
      const picked = Math.min(task.quantity, task.picked + 1)
      return { ...task, picked, status: picked >= task.quantity ? 'done' : 'todo' }
    }
    case 'skip':
      return { ...task, sequence: lastSequence + 1 }
    case 'short':
      return { ...task, status: 'short' }
  }
}

export function applyOp(tasks: readonly PickTask[], op: PickOp): PickTask[] {
  const last = Math.max(0, ...tasks.map((t) => t.sequence))
  // A unit put into a tote binds it to its order: every task of that order shows it.
  const order = op.tote === undefined ? null : tasks.find((t) => t.id === op.taskId)?.order
  return tasks.map((t) => {
    const applied = applyTo(t, op, last)
    return order != null && t.order === order && t.tote === null ? { ...applied, tote: op.tote! } : applied
  })
}

/** The server's tasks with the device's unanswered picks applied, in the order they were made. */
export const applyOps = (tasks: readonly PickTask[], ops: readonly PickOp[]): PickTask[] =>
  ops.reduce(applyOp, [...tasks])

/**
 * The server's word on some tasks (a pick's answer: the task and the next one) replaces what was
 * known of them. Picks reach the server one at a time, in order (the outbox's lane per session),
 * so an answer reflects every earlier pick and none of the later ones still waiting.
 */
export function mergeTasks(tasks: readonly PickTask[], fresh: readonly (PickTask | null)[]): PickTask[] {
  const byId = new Map(fresh.filter((t): t is PickTask => t !== null).map((t) => [t.id, t]))
  const merged = tasks.map((t) => byId.get(t.id) ?? t)
  const known = new Set(tasks.map((t) => t.id))
  return [...merged, ...[...byId.values()].filter((t) => !known.has(t.id))]
}

/** The tote an order's units are in, as the device knows it (the server's word and its own picks). */
export const toteOf = (tasks: readonly PickTask[], order: string): string | null =>
  tasks.find((t) => t.order === order && t.tote !== null)?.tote ?? null

/** The other order of the session a tote holds (one not wholly cancelled), if any. */
export const toteHolder = (tasks: readonly PickTask[], tote: string, order: string): string | null =>
  tasks.find((t) => t.tote === tote && t.order !== order && t.status !== 'cancelled')?.order ?? null

export const sameName = (a: string | null | undefined, b: string) =>
  a != null && a.trim().toUpperCase() === b.trim().toUpperCase()

/** Whether a scan (every form it may be known by, productCodesOf) names this product. */
export const isProduct = (codes: ReadonlySet<string>, product: StockProduct) =>
  matchesProduct(codes, product.sku, product.ean13)

/** Units of a product asked and picked over the session (a product may be on several orders). */
export function productTotals(tasks: readonly PickTask[], codes: ReadonlySet<string>) {
  const of = tasks.filter((t) => isProduct(codes, t.product))
  return {
    tasks: of,
    picked: of.reduce((n, t) => n + t.picked, 0),
    quantity: of.reduce((n, t) => n + t.quantity, 0),
  }
}
