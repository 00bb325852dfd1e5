/**
 * What every run shares: the real server (server-process.ts, in a child process), the faulty
 * network in front of it (global fetch), navigator.onLine and navigator.locks for the tabs, and
 * the demo account 'stock' (Reception, Transfer, Rebut in every shop) signed in through the real
 * sign-in endpoint.
 */
import { fork } from 'node:child_process'
import { join } from 'node:path'
import { vi } from 'vitest'
import { TOKEN_STORAGE_KEY } from '@/lib/config'
import type { FromServer, ToServer } from './server-messages.ts'
import type { Query } from './ledger.ts'
import { FaultNet } from './net.ts'
import { currentTab, inTab, type Tab, tabLocks, windowPerTab } from './tabs.ts'

export interface World {
  net: FaultNet
  query: Query
  engine: string
  /** Every product (sku) by shop slug, and the storage locations' names. */
  catalogue: { products: Map<string, string[]>; storage: string[] }
  /** What went wrong outside the runs' own checks (a live tab's console.error). */
  problems: string[]
  /** The session a run starts with: stored as the app stores it, before its tabs open. */
  startSession(): Promise<void>
  /** Signs in as the app's login screen does, in `tab`; the other tabs follow (storage event). */
  signIn(tab: Tab): Promise<void>
  close(): Promise<void>
}

export async function openWorld(): Promise<World> {
  const child = fork(join(import.meta.dirname, 'server-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const answers = new Map<
    number,
    { resolve(rows: Record<string, unknown>[]): void; reject(e: Error): void }
  >()
  let started!: (ready: { port: number; engine: string }) => void
  const ready = new Promise<{ port: number; engine: string }>((resolve, reject) => {
    started = resolve
    child.once('exit', (code) => reject(new Error(`the server process ended (${code}) before it was ready`)))
  })
  child.on('message', (message: FromServer) => {
    if ('ready' in message) return started(message)
    const answer = answers.get(message.id)
    answers.delete(message.id)
    if ('error' in message) answer?.reject(new Error(message.error))
    else answer?.resolve(message.rows)
  })
  const { port, engine } = await ready
  let nextQuery = 0
  const query: Query = (sql, params) =>
    new Promise((resolve, reject) => {
      const id = ++nextQuery
      answers.set(id, { resolve, reject })
      child.send({ id, sql, params } satisfies ToServer)
    })

  const origin = `http://127.0.0.1:${port}`
  const realFetch = globalThis.fetch
  const net = new FaultNet(origin, realFetch)
  vi.stubGlobal('fetch', net.fetch)
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => net.online })
  Object.defineProperty(navigator, 'locks', { configurable: true, value: tabLocks })
  const undoWindow = windowPerTab()
  const problems: string[] = []
  const consoleError = console.error
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    // A killed tab's engine finds its database closed: that is what a killed tab is.
    if (currentTab()?.dead) return
    problems.push(args.map(String).join(' '))
    consoleError(...args)
  })

  const products = new Map<string, string[]>()
  const rows = await query(
    'select p.sku, s.slug from products p join shops s on s.id = p.shop_id order by p.id',
    [],
  )
  for (const { sku, slug } of rows)
    products.set(String(slug), [...(products.get(String(slug)) ?? []), String(sku)])
  const storage = (await query(`select name from locations where kind = 'storage' order by id`, [])).map(
    (l) => String(l.name),
  )

  let token: string | undefined
  const login = async () => {
    const answer = await realFetch(`${origin}/rest/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'stock', password: 'stock' }),
    })
    if (!answer.ok) throw new Error(`sign-in: ${answer.status} ${await answer.text()}`)
    return ((await answer.json()) as { token: string }).token
  }

  return {
    net,
    query,
    engine,
    catalogue: { products, storage },
    problems,
    async startSession() {
      token ??= await login()
      localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(token))
      net.sessionValid = true
    },
    async signIn(tab) {
      const fresh = (token = await login())
      net.sessionValid = true
      net.count('signIn')
      net.log.push(`signed in again in tab ${tab.id}`)
      inTab(tab, () => tab.m.session.setToken(fresh))
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY }))
    },
    async close() {
      // console.error stays filtered: a killed tab's timers may still find its database closed.
      undoWindow()
      vi.unstubAllGlobals()
      delete (navigator as { onLine?: boolean }).onLine
      delete (navigator as { locks?: unknown }).locks
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.disconnect()
      // It closes its server and database and exits; one that hangs is stopped.
      const timer = setTimeout(() => child.kill(), 5_000)
      await exited
      clearTimeout(timer)
    },
  }
}
