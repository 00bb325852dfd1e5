/**
 * The outbox under injected faults, against the real server (issue 15): seeded runs, each a mix
 * of writes made while the network drops, answers are lost after the server committed, the server
 * answers 5xx, the session expires mid-replay, tabs are killed and two tabs drain at once
 * (outbox-faults/run.ts, net.ts). Every run must end with the server's ledger moved by exactly
 * the writes that were stored on the device: none lost, none applied twice, none refused.
 *
 * Replay one run: OUTBOX_FAULT_SEED=<seed> npx vitest run tests/client/outbox-faults.test.ts
 * More runs: OUTBOX_FAULT_RUNS=<n> (seeds 1..n).
 */
import 'fake-indexeddb/auto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type * as Policy from '@/features/outbox/policy.ts'
import { FAULTS } from './outbox-faults/net.ts'
import { faultRun } from './outbox-faults/run.ts'
import { openWorld, type World } from './outbox-faults/world.ts'

/** Back-off delays divided by this: 2 ms, 4 ms … 120 ms instead of 1 s, 2 s … 60 s (policy.ts). */
const TIME_SCALE = 500
// A mocked module outlives vi.resetModules: every tab shares these two, which hold no state.
vi.mock('@/features/outbox/policy.ts', async (importOriginal) => {
  const policy = await importOriginal<typeof Policy>()
  return {
    ...policy,
    retryDelay: (attempts: number, random?: () => number) =>
      Math.round(policy.retryDelay(attempts, random) / TIME_SCALE),
  }
})
// Each tab loads the outbox afresh (tabs.ts); the contract holds no state, so all tabs share one
// copy rather than each building every endpoint's schemas again.
const shared = vi.hoisted(() => ({ contract: undefined as unknown }))
vi.mock('@contract', async (importOriginal) => (shared.contract ??= await importOriginal()))

const ONE = process.env.OUTBOX_FAULT_SEED
const SEEDS = ONE
  ? [Number(ONE)]
  : Array.from({ length: Number(process.env.OUTBOX_FAULT_RUNS ?? 100) }, (_, i) => i + 1)
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const replay = (seed: number) => `OUTBOX_FAULT_SEED=${seed} npx vitest run tests/client/outbox-faults.test.ts`

let world: World
const started = Date.now()
let ready = started
beforeAll(async () => {
  world = await openWorld()
  ready = Date.now()
}, 180_000)
afterAll(async () => {
  if (!world) return
  await world.close()
  const { totals } = world.net
  console.log(
    `outbox faults: ${SEEDS.length} runs on ${world.engine}: server ready in ${seconds(ready - started)}, runs ${seconds(Date.now() - ready)}; ${JSON.stringify(totals)}`,
  )
})

describe('the outbox under injected faults, against the real server', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: the ledger moves by exactly the writes stored on the device`, async () => {
      const report = await faultRun(seed, world)
      const { story, ...outcome } = report
      const problems = [...outcome.problems, ...world.problems.splice(0)]
      expect({ ...outcome, problems }, `seed ${seed} (replay: ${replay(seed)})\n${story.join('\n')}`).toEqual(
        { lost: [], doubled: [], refused: [], wrongBalances: [], problems: [] },
      )
    }, 60_000)
  }

  // One seed (or a handful) draws whatever mix it draws: the check is for the suite's 100 runs.
  it.skipIf(SEEDS.length < 100)('dealt every kind of fault many times over the runs', () => {
    const { totals } = world.net
    for (const event of [...FAULTS, 'killBetween', 'signIn'])
      expect(totals[event], event).toBeGreaterThanOrEqual(10)
    expect(totals.twoTabRuns).toBeGreaterThanOrEqual(20)
    expect(totals.passed).toBeGreaterThan(500)
  })
})
