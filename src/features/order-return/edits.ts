/**
 * What the worker's edits of the items do (part of the pure model, model.ts): a scan adds 1 to its
 * item, never beyond what the order may bring back; a condition sets its usual disposition; a
 * restock asks its location, which the next location scan gives; a unit split off its line.
 */
import type { ReturnCondition, ReturnDisposition } from '@contract'
import { defaultDisposition, dispositionsOf, limitOf, newLine, overReturn, sameItem } from './lines.ts'
import type { Item, ReturnLine, ReturnState } from './state.ts'

/** Any change to what will be sent: the last refusal and notice no longer apply. */
export const edited = (state: ReturnState, change: Partial<ReturnState>): ReturnState => ({
  ...state,
  ...change,
  refusal: null,
  notice: null,
  itemError: undefined,
  locationError: undefined,
})

/** One line changed (its own refusal goes with the change). */
export function editLine(state: ReturnState, id: string, change: (line: ReturnLine) => Partial<ReturnLine>) {
  return edited(state, {
    lines: state.lines.map((l) => (l.id === id ? { ...l, ...change(l), error: undefined } : l)),
  })
}

/** A restock line still without its location is the one the next scan places. */
const askFor = (line: ReturnLine | undefined) =>
  line && line.disposition === 'restock' && line.location === null ? line.id : null

export function scanned(state: ReturnState, item: Item): ReturnState {
  if (state.parcel === null) return state
  // The last line of this item takes the scan (a line split off for another condition included).
  const line = [...state.lines].reverse().find((l) => sameItem(l, item))
  if (line) {
    if (line.quantity + 1 > limitOf(state.parcel, state.lines, line))
      return { ...state, itemError: overReturn(state.parcel, line), notice: null }
    return editLine(state, line.id, (l) => ({ quantity: l.quantity + 1 }))
  }
  const added = newLine(item, `L${state.nextId}`)
  if (limitOf(state.parcel, state.lines, added) < 1)
    return { ...state, itemError: overReturn(state.parcel, item), notice: null }
  return {
    ...edited(state, { lines: [...state.lines, added], nextId: state.nextId + 1 }),
    askLocation: askFor(added) ?? state.askLocation,
  }
}

export function placed(state: ReturnState, name: string, verified: boolean): ReturnState {
  const id = state.askLocation
  if (id === null) return state
  const next = editLine(state, id, () => ({ location: name, locationVerified: verified }))
  return { ...next, askLocation: null }
}

export function disposed(state: ReturnState, id: string, disposition: ReturnDisposition): ReturnState {
  const line = state.lines.find((l) => l.id === id)
  if (!line || !dispositionsOf(line).includes(disposition)) return state
  const next = editLine(state, id, () => ({ disposition }))
  const ask = askFor(next.lines.find((l) => l.id === id))
  return { ...next, askLocation: ask ?? (state.askLocation === id ? null : state.askLocation) }
}

export const conditioned = (state: ReturnState, id: string, condition: ReturnCondition): ReturnState => {
  const line = state.lines.find((l) => l.id === id)
  if (!line) return state
  const next = editLine(state, id, () => ({ condition }))
  return disposed(next, id, defaultDisposition(condition, line))
}

export function split(state: ReturnState, id: string): ReturnState {
  const index = state.lines.findIndex((l) => l.id === id)
  const line = state.lines[index]
  if (!line || line.quantity < 2) return state
  const { error: _error, ...rest } = line
  const part: ReturnLine = { ...rest, id: `L${state.nextId}`, quantity: 1 }
  const lines = state.lines.map((l) =>
    l.id === id ? { ...l, quantity: l.quantity - 1, error: undefined } : l,
  )
  lines.splice(index + 1, 0, part)
  return edited(state, { lines, nextId: state.nextId + 1 })
}
