/**
 * A flow's state outside React: `dispatch` applies an event at once, so the next queued scan is
 * handled against the state the previous one left (a render may not have happened in between).
 * React mirrors it (use-scan-flow.ts) inside a transition, so a long list re-renders after the
 * scan's feedback is painted.
 */
export interface FlowStore<S, E> {
  getState(): S
  dispatch(event: E): void
  subscribe(listener: () => void): () => void
}

export function createFlowStore<S, E>(reduce: (state: S, event: E) => S, initial: S): FlowStore<S, E> {
  let state = initial
  const listeners = new Set<() => void>()
  return {
    getState: () => state,
    dispatch(event) {
      const next = reduce(state, event)
      if (next === state) return
      state = next
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
