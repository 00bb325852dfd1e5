/**
 * npm run bench:outbox: 1,000 stock writes queued offline in Chromium, then the network comes
 * back; the time runs from the 'online' event to the outbox being empty. The server's ledger is
 * then compared with what was queued: every write must have moved its unit exactly once.
 * Budget (docs/budgets.md): 1,000 writes drained in <= 10 s, 0 lost, 0 duplicated.
 *
 * The writes are put in the outbox's IndexedDB table directly, in the row format the app's own
 * enqueue writes (src/lib/db/schema.ts OutboxRow): typing 1,000 receptions through the screen
 * would measure the screen, not the replay. The replay itself is the app's, untouched.
 */
import { chromium, request as playwrightRequest } from '@playwright/test'
import { CHROMIUM, CHROMIUM_ARGS, ensureBuild, printTable, startBenchServer } from './lib/server.ts'

const WRITES = Number(process.env.BENCH_OUTBOX_WRITES ?? 1000)
const BUDGET_S = 10
const SHOP = 'papeterie-du-port'
const USER = 'stock'
/** 10 products × 10 locations: each write receives 1 unit of one product into one location. */
const PRODUCTS = Array.from({ length: 10 }, (_, i) => `PP-${String(i + 1).padStart(4, '0')}`)
const LOCATIONS = Array.from({ length: 10 }, (_, i) => `E-0${(i % 6) + 1}-0${(i % 4) + 1}-0${(i % 3) + 1}`)

ensureBuild()
const server = await startBenchServer(18_184)
const api = await playwrightRequest.newContext({ baseURL: server.url })
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })

/** Quantity per `product@location` on the server, for the bench's products. */
async function ledger(token: string): Promise<Map<string, number>> {
  const levels = new Map<string, number>()
  for (const code of PRODUCTS) {
    const answer = await api.post(`/api/client/${SHOP}/product/info`, {
      headers: { authorization: `Bearer ${token}` },
      data: { code },
    })
    if (!answer.ok()) throw new Error(`product info ${code}: ${answer.status()} ${await answer.text()}`)
    const info = (await answer.json()) as {
      product: { sku: string }
      stock: { location: string; quantity: number }[]
    }
    for (const s of info.stock) levels.set(`${info.product.sku}@${s.location}`, s.quantity)
  }
  return levels
}

try {
  const login = await api.post('/rest/login_check', { data: { username: USER, password: USER } })
  const { token } = (await login.json()) as { token: string }
  const before = await ledger(token)

  const context = await browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  await page.goto(`${server.url}/login`)
  await page.getByLabel('Identifiant').fill(USER)
  await page.getByLabel('Mot de passe').fill(USER)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.getByRole('button', { name: 'Mon compte' }).waitFor()
  // The outbox engine starts a second after the app shows; let it load while online.
  await page.waitForTimeout(2000)

  await context.setOffline(true)
  const queued = Array.from({ length: WRITES }, (_, i) => ({
    code: PRODUCTS[i % PRODUCTS.length] as string,
    location: LOCATIONS[Math.floor(i / PRODUCTS.length) % LOCATIONS.length] as string,
  }))
  await page.evaluate(
    ({ queued, shop, user }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('entrepot')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const tx = open.result.transaction('outbox', 'readwrite', { durability: 'strict' })
          const store = tx.objectStore('outbox')
          const now = Date.now()
          queued.forEach(({ code, location }, i) => {
            const write = {
              kind: 'reception',
              shopSlug: shop,
              body: { lines: [{ code, quantity: 1, location }] },
            }
            store.add({
              key: crypto.randomUUID(),
              kind: 'reception',
              write,
              label: `Réception · 1 article (bench ${i + 1})`,
              user,
              createdAt: now + i,
              status: 'pending',
              attempts: 0,
              nextAttemptAt: 0,
            })
          })
          tx.oncomplete = () => resolve()
          tx.onerror = () => reject(tx.error)
        }
      }),
    { queued, shop: SHOP, user: USER },
  )
  const count = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('entrepot')
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const req = open.result.transaction('outbox').objectStore('outbox').count()
            req.onsuccess = () => {
              open.result.close()
              resolve(req.result)
            }
          }
        }),
    )
  if ((await count()) !== WRITES) throw new Error('the writes were not all queued')

  const started = Date.now()
  await context.setOffline(false)
  let left = WRITES
  while (left > 0 && Date.now() - started < 120_000) {
    await page.waitForTimeout(100)
    left = await count()
  }
  const seconds = (Date.now() - started) / 1000

  const after = await ledger(token)
  const expected = new Map<string, number>()
  for (const { code, location } of queued)
    expected.set(`${code}@${location}`, (expected.get(`${code}@${location}`) ?? 0) + 1)
  let lost = 0
  let duplicated = 0
  for (const [key, n] of expected) {
    const delta = (after.get(key) ?? 0) - (before.get(key) ?? 0)
    if (delta < n) lost += n - delta
    if (delta > n) duplicated += delta - n
  }
  const drained = WRITES - left
  const ok = drained === 1000 && seconds <= BUDGET_S && lost === 0 && duplicated === 0
  printTable([
    { measure: 'writes queued offline', value: String(WRITES), budget: '1000', ok: WRITES === 1000 },
    {
      measure: 'drained after the network came back',
      value: String(drained),
      budget: `= ${WRITES}`,
      ok: left === 0,
    },
    {
      measure: 'time to an empty outbox',
      value: `${seconds.toFixed(1)} s`,
      budget: `<= ${BUDGET_S} s`,
      ok: seconds <= BUDGET_S,
    },
    { measure: 'units lost (ledger vs queue)', value: String(lost), budget: '0', ok: lost === 0 },
    {
      measure: 'units duplicated (ledger vs queue)',
      value: String(duplicated),
      budget: '0',
      ok: duplicated === 0,
    },
  ])
  console.log(`outbox drained ${drained} in ${seconds.toFixed(1)} s, lost ${lost}, duplicated ${duplicated}`)
  if (!ok) process.exitCode = 1
} finally {
  await browser.close()
  await api.dispose()
  await server.stop()
}
