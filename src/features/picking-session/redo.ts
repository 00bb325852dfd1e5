/**
 * What the server refused of this device's picks, once the worker has moved on (issue 31): a
 * queued pick refused when the outbox replays it (a crate the server does not know, a shelf found
 * empty, an order cancelled meanwhile) is one task on the picking screen, 'À refaire : …', naming
 * the product, the location, the crate and what to do with the unit in hand. It stays until the
 * task's unit is picked again and accepted, or the worker dismisses it: not a message that the
 * next scan hides, nor one that outlives the fix. Its refused write stays in the outbox until then.
 */
import type { PickTask } from '@contract'
import type { PickAction } from './tasks.ts'
import { text as t } from './text.ts'

export interface Redo {
  /** The refused write in the outbox (discarded once the task is redone or dismissed). */
  outboxId: number
  taskId: number
  /** Ops made from this number on (state.nextOp) are made after the refusal: one of them redoes it. */
  since: number
  /** 'À refaire : 1 × Tasse bleue (A-01-01-01 → CAISSE-000513), commande ML-1001' */
  title: string
  /** The server's reason. */
  reason: string
  /** What to do with the unit in hand. */
  todo: string
}

export interface Refusal {
  outboxId: number
  taskId: number
  action: PickAction
  tote?: string
  /** The server's error code, when this device heard it (not after a reopen). */
  code?: string
  message: string
}

export function redoOf(tasks: readonly PickTask[], refusal: Refusal, since: number): Redo {
  const { outboxId, taskId, action, tote, code, message } = refusal
  const task = tasks.find((x) => x.id === taskId)
  const base = { outboxId, taskId, since, reason: message }
  if (!task) return { ...base, title: t.redoUnknown, todo: '' }
  const { name } = task.product
  const what =
    action === 'scan'
      ? t.labelPick(name, task.location, tote)
      : action === 'skip'
        ? t.labelSkip(name)
        : t.labelShort(name)
  return { ...base, title: t.redoTitle(what, task.order), todo: todoOf(task, action, tote, code) }
}

function todoOf(
  task: PickTask,
  action: PickAction,
  tote: string | undefined,
  code: string | undefined,
): string {
  if (action !== 'scan') return t.redoTask(task.location)
  // The unit is not counted on the server: it goes back to its shelf, or is picked again.
  if (code === 'order_cancelled' || code === 'task_done') return t.redoPutBack(task.location, tote)
  return t.redoPick(task.location, tote)
}

/** The redo items a pick of `taskId`, made as op `opNumber`, settles once the server accepts it. */
export const settledBy = (redo: readonly Redo[], taskId: number, opNumber: number): Redo[] =>
  redo.filter((r) => r.taskId === taskId && opNumber >= r.since)
