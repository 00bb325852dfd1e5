import { describe, expect, it } from 'vitest'
import { createFlowStore } from './store.ts'

describe('createFlowStore', () => {
  it('applies an event at once and tells listeners only of a real change', () => {
    const store = createFlowStore((n: number, e: { add: number }) => n + e.add, 0)
    let calls = 0
    const stop = store.subscribe(() => calls++)
    store.dispatch({ add: 2 })
    expect(store.getState()).toBe(2)
    store.dispatch({ add: 0 })
    expect(calls).toBe(1)
    stop()
    store.dispatch({ add: 1 })
    expect(calls).toBe(1)
  })
})
