/** The answer of a pick scan: what it did, the task as it now is, the next task to do and the progress. */
import type { PickResult, PickTask } from '../../contract/index.ts'
import type { ScanContext } from './pick-load.ts'

export interface PickAnswer {
  result: PickResult
  message: string
  task: PickTask
  next: PickTask | null
  progress: { done: number; total: number }
}

/**
 * The answer once `task` is what the scan made of it. The read saw the first two tasks to do: the
 * next one is the first of them other than this task, or this task when it is still to do and
 * comes first (a unit picked out of three, a location confirmed).
 */
export function answerOf(ctx: ScanContext, result: PickResult, message: string, task: PickTask): PickAnswer {
  const others = ctx.upcoming.filter((t) => t.id !== task.id)
  const todo = task.status === 'todo' ? [task, ...others].sort((a, b) => a.sequence - b.sequence) : others
  const finished = ctx.task?.view.status === 'todo' && task.status !== 'todo' ? 1 : 0
  return {
    result,
    message,
    task,
    next: todo[0] ?? null,
    progress: { done: ctx.progress.done + finished, total: ctx.progress.total },
  }
}
