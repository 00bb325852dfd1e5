/**
 * One seeded run: 5-15 stock writes made through the outbox's public API (submitWrite, as a screen
 * that waits for the answer; queueWrite, as one that does not) in one or two tabs while the
 * network misbehaves and tabs get killed; then the faults stop, the tabs drain the outbox, and the
 * server's ledger is compared with the writes that were stored on the device.
 */
import type { StockWrite } from '@/features/outbox/types.ts'
import {
  applyWrite,
  chooseWrite,
  lastMovementId,
  missingFrom,
  movementsOf,
  serverBalances,
  serverMovements,
} from './ledger.ts'
import { deleteDatabase, drainAll, sleep } from './finish.ts'
import { placeOf, planOf } from './plan.ts'
import { rng } from './prng.ts'
import { inTab, openTab, type Tab, tabLocks } from './tabs.ts'
import type { World } from './world.ts'

async function until(done: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms
  while (!done() && Date.now() < end) await sleep(2)
  return done()
}

interface Entry {
  write: StockWrite
  created?: boolean
  committed?: boolean
  /** The server's refusal, shown on the screen (submitWrite) or left in the outbox. */
  refused?: string
}

export interface RunReport {
  lost: string[]
  doubled: string[]
  refused: string[]
  wrongBalances: string[]
  problems: string[]
  /** The writes and the faults, for the failure message. */
  story: string[]
}

export async function faultRun(seed: number, world: World): Promise<RunReport> {
  const r = rng(seed)
  const plan = planOf(r)
  const place = placeOf(seed, r, world)
  const { net, query } = world
  const problems: string[] = []
  const since = await lastMovementId(query)
  const sim = await serverBalances(query, place)
  const start = new Map(sim)

  /** Each write by label: whether its enqueue began and committed (undefined: not yet known). */
  const writes = new Map<string, Entry>()
  const watch = {
    created(label: string, key: string) {
      net.labelKey(key, label)
      const entry = writes.get(label)
      if (entry) entry.created = true
    },
    settled(label: string, committed: boolean) {
      const entry = writes.get(label)
      if (entry) entry.committed = committed
    },
  }
  const tabs: Tab[] = []
  const opening: Promise<Tab>[] = []
  const open = () => {
    const tab = openTab(watch).then((t) => (tabs.push(t), t))
    opening.push(tab)
    return tab
  }
  const live = async () => {
    await Promise.all(opening)
    return tabs.filter((t) => !t.dead)
  }
  const kill = (tab: Tab, why: string) => {
    if (tab.dead) return
    net.log.push(`tab ${tab.id} killed ${why}`)
    tab.kill()
    void open()
  }

  // A run starts on an empty device: what a failed run left must not fail the next one too.
  await deleteDatabase()
  net.startRun(seed, plan.mix)
  net.onKill = (tab) => kill(tab, 'with a request on its way')
  await world.startSession()
  if (plan.twoTabs) net.count('twoTabRuns')
  await Promise.all(plan.twoTabs ? [open(), open()] : [open()])

  for (let i = 1; i <= plan.writes; i++) {
    if (plan.killBetween && r.chance(plan.killBetween)) {
      net.count('killBetween')
      kill(r.pick(await live()), 'between two writes')
    }
    const tab = r.pick(await live())
    // A tab whose session expired is on the sign-in screen: the worker signs in first.
    if (!inTab(tab, () => tab.m.session.getToken())) await world.signIn(tab)
    const write = chooseWrite(r, place, sim)
    const label = `run ${seed} · ${i}`
    const entry: Entry = { write }
    writes.set(label, entry)
    const waits = r.chance(0.5)
    net.log.push(
      `${label}: ${waits ? 'submitWrite' : 'queueWrite'} in tab ${tab.id}: ${movementsOf(write).join(', ')}`,
    )
    let answered = false
    const call = inTab(tab, () =>
      waits ? tab.m.submit.submitWrite(write, label) : tab.m.queue.queueWrite(write, label),
    )
    const answer = call
      .then(
        () => 'done',
        (error: unknown) => error,
      )
      .finally(() => (answered = true))
    const outcome = await Promise.race([answer, tab.died.then(() => 'killed')])
    if (outcome !== 'done' && outcome !== 'killed' && !tab.dead) {
      const { status, message } = outcome as { status?: number; message?: string }
      // A 401 before anything is stored: the session expired under the screen, which sends to sign-in.
      if (!(status === 401 && !entry.created))
        entry.refused = `${label}: ${status} ${message} (on the screen)`
    }
    // A killed tab's transaction may still be committing: the write counts once that is known.
    if (!(await until(() => entry.committed !== undefined || (answered && !entry.created), 5_000)))
      problems.push(`${label}: not known after 5 s whether it was stored`)
    if (entry.committed) applyWrite(sim, write)
    else if (outcome === 'done') problems.push(`${label} answered but not stored`)
    if (r.chance(0.3)) await sleep(r.int(1, 20))
  }

  // Faults for a little longer, then none: back online, signed in, and every tab drains.
  await sleep(r.int(0, 60))
  net.heal()
  const left = await drainAll(world, live, problems)
  for (const tab of tabs) tab.kill()
  await net.settled()

  // A write the server refused stays in the outbox as refused, or was shown on its screen: it is
  // reported as such, and not expected in the ledger.
  for (const row of left) writes.get(row.label)!.refused = `${row.label}: ${row.errorStatus} ${row.error}`
  const refused = [...writes.values()].flatMap((e) => (e.refused ? [e.refused] : []))
  const applied = [...writes.values()].filter((e) => e.committed && !e.refused)
  const expected = applied.flatMap((e) => movementsOf(e.write))
  const want = new Map(start)
  for (const e of applied) applyWrite(want, e.write)
  const actual = await serverMovements(query, place, since)
  const balances = await serverBalances(query, place)
  const wrongBalances = [...balances]
    .filter(([at, quantity]) => quantity !== want.get(at))
    .map(
      ([at, quantity]) =>
        `${at}: ${quantity} on the server, ${want.get(at)} expected (${start.get(at)} before)`,
    )
  return {
    lost: missingFrom(expected, actual),
    doubled: missingFrom(actual, expected),
    refused,
    wrongBalances,
    problems: [
      ...problems,
      ...net.strays.map((p) => `request outside any tab: ${p}`),
      ...tabLocks.strays.splice(0).map((name) => `lock '${name}' requested outside any tab`),
      ...net.serverErrors.splice(0).map((e) => `the server did not answer: ${e}`),
    ],
    story: [
      `plan: ${JSON.stringify(plan)}; ${place.shop} ${place.products.join(' ')} at ${place.locations.join(' ')}`,
      ...[...writes].map(
        ([label, e]) =>
          `${label}: ${e.committed ? 'stored' : 'not stored'}: ${movementsOf(e.write).join(', ')}`,
      ),
      ...net.log,
    ],
  }
}
