/**
 * Browser tabs in one jsdom window: each tab is a fresh copy of the app's outbox modules
 * (vi.resetModules, then import again) on the same fake IndexedDB, as a reopened or second tab
 * loads the app anew on the device's one database.
 *
 * What a tab does is told apart by an AsyncLocalStorage context: every call into a tab's modules
 * is made inside `inTab`, and its timers and awaits keep that context, so the fault layer
 * (net.ts) and the Web Locks below know which tab a request or a lock is for. Window events
 * reach each tab's listeners in that tab's context (a tab has its own window in a browser).
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { vi } from 'vitest'

const load = () =>
  Promise.all([
    import('@/features/outbox/queue.ts'),
    import('@/features/outbox/submit.ts'),
    import('@/features/outbox/engine.ts'),
    import('@/features/outbox/start.ts'),
    import('@/lib/session'),
    import('@/lib/db'),
  ]).then(([queue, submit, engine, start, session, db]) => ({ queue, submit, engine, start, session, db }))
export type TabModules = Awaited<ReturnType<typeof load>>

export interface Tab {
  id: number
  dead: boolean
  /** Resolves when the tab is killed: its pending calls never answer. */
  died: Promise<void>
  m: TabModules
  kill(): void
}

const context = new AsyncLocalStorage<Tab>()
export const currentTab = (): Tab | undefined => context.getStore()

export const inTab = <T>(tab: Tab, work: () => T): T => context.run(tab, work)

/** What the enqueue transactions of every tab did, by write label (the suite's own labels). */
export interface EnqueueWatcher {
  created(label: string, key: string): void
  settled(label: string, committed: boolean): void
}

let nextId = 1
let loading: Promise<unknown> = Promise.resolve()

/**
 * A new tab: its modules loaded afresh, its token read from storage, the outbox started as the
 * app starts it (start.ts: now, on 'online', on sign-in, every 30 s).
 */
export function openTab(watch: EnqueueWatcher): Promise<Tab> {
  // One load at a time: resetModules between two loads' imports would mix their modules.
  const opened = loading.then(async () => {
    vi.resetModules()
    const m = await load()
    let markDead!: () => void
    const tab: Tab = {
      id: nextId++,
      dead: false,
      died: new Promise((r) => (markDead = r)),
      m,
      kill: () => {},
    }
    // Commit or abort of each stored write, seen by this tab's own Dexie (labels are unique).
    m.db.getDb().outbox.hook('creating', (_key, row, trans) => {
      watch.created(row.label, row.key)
      trans.on('complete', () => watch.settled(row.label, true))
      trans.on('abort', () => watch.settled(row.label, false))
    })
    const stop = inTab(tab, () => {
      m.session.initTokenStore()
      return m.start.startOutbox()
    })
    tab.kill = () => {
      if (tab.dead) return
      tab.dead = true
      tabLocks.release(tab)
      stop()
      // A killed tab commits nothing more: what it had not written is lost with it.
      m.db.getDb().close()
      markDead()
    }
    return tab
  })
  loading = opened.catch(() => undefined)
  return opened
}

type LockWork = (lock: { name: string; mode: 'exclusive' }) => unknown
interface LockRequest {
  tab: Tab | undefined
  work: LockWork
  resolve(value: unknown): void
  reject(error: unknown): void
}

/**
 * navigator.locks for the tabs, which jsdom lacks: exclusive locks granted in request order. A
 * killed tab's lock is released at once and its waiting requests dropped (never answered), as the
 * browser does for a closed tab.
 */
class TabLocks {
  private held = new Map<string, LockRequest>()
  private waiting = new Map<string, LockRequest[]>()
  /** Lock requests made outside any tab: the tab context was lost somewhere (a harness bug). */
  readonly strays: string[] = []

  request(name: string, ...rest: [LockWork] | [object, LockWork]): Promise<unknown> {
    const work = rest[rest.length - 1] as LockWork
    const tab = currentTab()
    if (!tab) this.strays.push(name)
    if (tab?.dead) return new Promise(() => {})
    return new Promise((resolve, reject) => {
      this.waiting.set(name, [...(this.waiting.get(name) ?? []), { tab, work, resolve, reject }])
      this.grant(name)
    })
  }

  release(tab: Tab): void {
    for (const [name, queue] of this.waiting)
      this.waiting.set(
        name,
        queue.filter((r) => r.tab !== tab),
      )
    for (const [name, holder] of this.held) {
      if (holder.tab !== tab) continue
      this.held.delete(name)
      this.grant(name)
    }
  }

  private grant(name: string): void {
    if (this.held.has(name)) return
    const [next, ...rest] = this.waiting.get(name) ?? []
    if (!next) return
    this.waiting.set(name, rest)
    this.held.set(name, next)
    const done = (settle: () => void) => {
      // Released meanwhile (its tab was killed): the dead tab never hears back.
      if (this.held.get(name) !== next) return
      this.held.delete(name)
      settle()
      this.grant(name)
    }
    const run = () => next.work({ name, mode: 'exclusive' })
    Promise.resolve()
      .then(() => (next.tab ? inTab(next.tab, run) : run()))
      .then(
        (value) => done(() => next.resolve(value)),
        (error: unknown) => done(() => next.reject(error)),
      )
  }
}
export const tabLocks = new TabLocks()

/**
 * Makes window listeners run in the context of the tab that added them (start.ts's 'online',
 * the token store's 'storage'), and never once that tab is dead. Returns the undo.
 */
export function windowPerTab(): () => void {
  const add = window.addEventListener.bind(window)
  const remove = window.removeEventListener.bind(window)
  const wrappers = new Map<string, WeakMap<object, EventListener>>()
  const addSpy = vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    const tab = currentTab()
    if (!tab || !listener) return add(type, listener, options)
    const call = typeof listener === 'function' ? listener : (event: Event) => listener.handleEvent(event)
    const wrapper = (event: Event) => {
      if (!tab.dead) inTab(tab, () => call.call(window, event))
    }
    if (!wrappers.has(type)) wrappers.set(type, new WeakMap())
    wrappers.get(type)!.set(listener, wrapper)
    add(type, wrapper, options)
  })
  const removeSpy = vi.spyOn(window, 'removeEventListener').mockImplementation((type, listener, options) => {
    remove(type, (listener && wrappers.get(type)?.get(listener)) ?? listener, options)
  })
  return () => {
    addSpy.mockRestore()
    removeSpy.mockRestore()
  }
}
