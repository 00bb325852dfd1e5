/**
 * Re-reserve first (issue 31): the device marks a 'Manquant' short at once (it cannot know the
 * other shelves offline); the server's answer that re-reserved the units elsewhere brings the new
 * task, next in line, and its 'Allez à …' replaces the device's guess.
 */
import { describe, expect, it } from 'vitest'
import {
  currentTask,
  initialPicking,
  reducePicking,
  tasksOf,
  type PickingEvent,
  type PickingState,
} from './model.ts'
import { session, TASKS, task } from '../../testing/picking-session.ts'

const run = (state: PickingState, ...events: PickingEvent[]) => events.reduce(reducePicking, state)

describe('a short pick re-reserved by the server', () => {
  it('shows the new task at the other shelf next, and the server says where to go', () => {
    let state = run(
      initialPicking,
      { type: 'opened', session: session(), queued: [] },
      { type: 'command', command: 'short' },
      { type: 'command', command: 'short' },
    )
    state = reducePicking(state, { type: 'stored', opId: state.ops[0]!.id, outboxId: 41 })
    expect(state.notice?.text).toMatch(/^Manquant enregistré : Tasse bleue, commande ML-1001 en anomalie\./)
    const moved = task(9, { sequence: 1, location: 'E-01-01-01', quantity: 2, order: 'ML-1001' })
    const message =
      'Manquant enregistré : 2 × Tasse bleue en A-01-01-01, comptage demandé. Allez à E-01-01-01 : 2 × Tasse bleue pour la commande ML-1001.'
    state = reducePicking(state, {
      type: 'answered',
      outboxId: 41,
      task: { ...TASKS[0]!, status: 'cancelled' },
      next: moved,
      message,
    })
    expect(state.ops).toEqual([])
    expect(currentTask(tasksOf(state))).toMatchObject({ id: 9, location: 'E-01-01-01', quantity: 2 })
    expect(state.notice).toEqual({ tone: 'warning', text: message })
  })

  it('keeps its own words for an answer with nothing more to say', () => {
    let state = run(initialPicking, { type: 'opened', session: session(), queued: [] })
    state = run(state, { type: 'command', command: 'short' }, { type: 'command', command: 'short' })
    state = reducePicking(state, { type: 'stored', opId: state.ops[0]!.id, outboxId: 42 })
    const said = state.notice
    state = reducePicking(state, {
      type: 'answered',
      outboxId: 42,
      task: { ...TASKS[0]!, status: 'short' },
      next: TASKS[1]!,
    })
    expect(state.notice).toEqual(said)
    expect(currentTask(tasksOf(state))?.id).toBe(2)
  })
})
