import { describe, expect, it } from 'vitest'
import { createReachability } from './reachability.ts'

const EVERY = 5_000

/** The rules with a hand-driven clock and a probe whose answers the test gives. */
function setup() {
  const timers = new Map<number, { run: () => void; ms: number }>()
  let nextTimer = 1
  const probes: ((answered: boolean) => void)[] = []
  const state = createReachability({
    probe: () => new Promise<boolean>((resolve) => probes.push(resolve)),
    probeEveryMs: EVERY,
    setTimer: (run, ms) => {
      timers.set(nextTimer, { run, ms })
      return nextTimer++
    },
    clearTimer: (id) => void timers.delete(id as number),
  })
  let changes = 0
  const listen = () => state.subscribe(() => changes++)
  /** Runs the pending probe timer, as the clock reaching it would. */
  const tick = () => {
    const [id, timer] = [...timers][0]!
    timers.delete(id)
    expect(timer.ms).toBe(EVERY)
    timer.run()
  }
  /** Answers the oldest pending probe, and lets its promise settle. */
  const answer = async (answered: boolean) => {
    probes.shift()!(answered)
    await Promise.resolve()
    await Promise.resolve()
  }
  return { state, timers, probes, listen, tick, answer, changes: () => changes }
}

describe('reachability', () => {
  it('tells every successful call to its success listeners, not only a change (issue 31)', () => {
    const { state } = setup()
    let successes = 0
    const stop = state.onSuccess(() => successes++)
    state.report(true, true)
    state.report(true, true)
    // An answer that is not a success (a 5xx), or none, is not one.
    state.report(true, false)
    state.report(false)
    expect(successes).toBe(2)
    stop()
    state.report(true, true)
    expect(successes).toBe(2)
  })

  it('starts reachable and follows the calls: no answer -> unreachable, any answer -> reachable', () => {
    const { state, listen, changes } = setup()
    listen()
    expect(state.reachable()).toBe(true)
    state.report(false)
    expect(state.reachable()).toBe(false)
    state.report(false)
    state.report(true)
    expect(state.reachable()).toBe(true)
    // Told of the two changes only, not of a repeated outcome.
    expect(changes()).toBe(2)
  })

  it('probes every few seconds while unreachable, and stops once the server answers', async () => {
    const { state, timers, probes, listen, tick, answer } = setup()
    listen()
    state.report(false)
    expect(timers.size).toBe(1)
    expect(probes).toHaveLength(0)
    tick()
    expect(probes).toHaveLength(1)
    expect(timers.size).toBe(0) // no second probe while one is on its way
    await answer(false)
    expect(state.reachable()).toBe(false)
    expect(timers.size).toBe(1)
    tick()
    await answer(true)
    expect(state.reachable()).toBe(true)
    expect(timers.size).toBe(0)
    expect(probes).toHaveLength(0)
  })

  it('stops probing when a call is answered meanwhile', () => {
    const { state, timers, listen } = setup()
    listen()
    state.report(false)
    state.report(true)
    expect(timers.size).toBe(0)
  })

  it("never marks the server unreachable on the browser's word alone: 'offline' only makes it probe", async () => {
    const { state, probes, listen, answer } = setup()
    listen()
    state.browserChanged()
    expect(probes).toHaveLength(1)
    expect(state.reachable()).toBe(true)
    // The warehouse Wi-Fi without internet: the server answers, we stay online.
    await answer(true)
    expect(state.reachable()).toBe(true)
    // Truly cut off: the probe gets no answer.
    state.browserChanged()
    await answer(false)
    expect(state.reachable()).toBe(false)
  })

  it("probes at once on the browser's 'online' instead of waiting for the timer", async () => {
    const { state, timers, probes, listen, answer } = setup()
    listen()
    state.report(false)
    expect(timers.size).toBe(1)
    state.browserChanged()
    expect(timers.size).toBe(0)
    expect(probes).toHaveLength(1)
    await answer(true)
    expect(state.reachable()).toBe(true)
  })

  it('probes only while someone listens', () => {
    const { state, timers, probes, listen } = setup()
    state.report(false)
    state.browserChanged()
    expect(timers.size).toBe(0)
    expect(probes).toHaveLength(0)
    const stop = listen()
    expect(timers.size).toBe(1)
    stop()
    expect(timers.size).toBe(0)
  })
})
