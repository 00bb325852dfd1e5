/** The ends of a run on the device: an empty database to start, a drained outbox to finish. */
import { DB_NAME } from '@/lib/db/schema.ts'
import { inTab, type Tab } from './tabs.ts'
import type { World } from './world.ts'

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Deletes the device's database (every tab of the run before is closed). */
export function deleteDatabase(): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(DB_NAME)
    request.onsuccess = () => resolve()
    request.onerror = () => reject(request.error)
    request.onblocked = () => reject(new Error('the database is still open in a tab'))
  })
}

/** Signs in again if needed, then drains from every live tab until the outbox holds only refusals. */
export async function drainAll(world: World, live: () => Promise<Tab[]>, problems: string[]) {
  const end = Date.now() + 20_000
  for (;;) {
    const tabs = await live()
    const first = tabs[0] as Tab
    if (!world.net.sessionValid || tabs.some((t) => !inTab(t, () => t.m.session.getToken())))
      await world.signIn(first)
    const drained = Promise.all(tabs.map((t) => inTab(t, () => t.m.engine.drain(true))))
    if (!(await Promise.race([drained.then(() => true), sleep(10_000).then(() => false)])))
      problems.push('a drain did not end within 10 s')
    const rows = await inTab(first, () => first.m.db.tables.outbox().toArray())
    if (rows.every((row) => row.status === 'failed')) return rows
    if (Date.now() > end) {
      problems.push(
        `still in the outbox after 20 s: ${rows.map((row) => `${row.label} (${row.status}, ${row.error})`).join('; ')}`,
      )
      return rows.filter((row) => row.status === 'failed')
    }
    await sleep(5)
  }
}
