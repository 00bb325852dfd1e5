/**
 * Issue 6 in the browser: stock writes made without network, or whose answer went missing, reach
 * the real server exactly once. The server's stock is read through its API, not through the app.
 * Shop 'atelier-velo' and aisle C are this file's (the other specs write elsewhere); each test has
 * its own product, so they run in parallel.
 */
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test'
import { productStock, signIn } from './helpers.ts'

const SHOP = 'atelier-velo'
const serverUrl = `http://127.0.0.1:${process.env.E2E_PORT ?? 18_080}`

/** Scans a code into a scan field, as a keyboard-wedge scanner with an Enter suffix does. */
async function scan(page: Page, field: string, code: string) {
  const input = page.getByLabel(field, { exact: true })
  await input.fill(code)
  await input.press('Enter')
}

/** One reception of `quantity` units of `code`, from the screen already open with its destination set. */
async function receive(page: Page, code: string, quantity = 1) {
  for (let i = 0; i < quantity; i++) await scan(page, 'Produit', code)
  await page.getByRole('button', { name: 'Valider la réception' }).click()
  await expect(page.getByText('Dernière réception')).toBeVisible()
}

async function openReception(page: Page, location: string) {
  await page.goto(`/shop/${SHOP}/reception`)
  await scan(page, 'Emplacement de réception', location)
  await expect(page.getByText(`Destination : ${location}`)).toBeVisible()
}

/** The service worker installs on the first visit; from then on it serves the app offline. */
async function untilServiceWorkerControls(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

/**
 * The server's quantity of `code` at `location`, through a request context of its own: the
 * page's context is cut off when the test takes the browser offline.
 */
async function stockAt(code: string, location: string): Promise<number> {
  const request = await playwrightRequest.newContext({ baseURL: serverUrl })
  try {
    return (await productStock(request, SHOP, code)).byLocation.get(location) ?? 0
  } finally {
    await request.dispose()
  }
}

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' })
  // Tens of writes through the screen, a reload and a replay: more than the default 30 s on a loaded
  // two-core machine running the other specs beside it.
  test.describe.configure({ timeout: 90_000 })

  test('offline: the app reopens, 20 receptions wait on the device, and each lands once when the network is back', async ({
    page,
    context,
  }) => {
    const code = 'AV-0002'
    const location = 'C-01-01-01'
    const before = await stockAt(code, location)
    await signIn(page, 'stock', { at: `/shop/${SHOP}/reception` })
    await untilServiceWorkerControls(page)

    await context.setOffline(true)
    await page.reload()
    await scan(page, 'Emplacement de réception', location)
    for (let i = 0; i < 20; i++) await receive(page, code)
    await expect(page.getByTestId('outbox-indicator')).toHaveText('20')
    expect(await stockAt(code, location)).toBe(before)

    await context.setOffline(false)
    await expect(page.getByTestId('outbox-indicator')).toBeHidden({ timeout: 20_000 })
    expect(await stockAt(code, location)).toBe(before + 20)
    // Exactly once: nothing more arrives later.
    await page.waitForTimeout(1500)
    const request = await playwrightRequest.newContext({ baseURL: serverUrl })
    const after = await productStock(request, SHOP, code)
    await request.dispose()
    expect(after.byLocation.get(location)).toBe(before + 20)
    expect(after.movements.filter((m) => m.kind === 'RECEPTION' && m.to === location)).toHaveLength(20)
  })

  test('the tab is closed with writes waiting: they go when the app opens again', async ({
    page,
    context,
  }) => {
    const code = 'AV-0005'
    const location = 'C-01-02-01'
    const before = await stockAt(code, location)
    await signIn(page, 'stock')
    await openReception(page, location)
    await untilServiceWorkerControls(page)
    await context.setOffline(true)
    for (let i = 0; i < 3; i++) await receive(page, code)
    await expect(page.getByTestId('outbox-indicator')).toHaveText('3')
    await page.close()

    await context.setOffline(false)
    const again = await context.newPage()
    await again.goto('/')
    await expect.poll(() => stockAt(code, location), { timeout: 15_000 }).toBe(before + 3)
    await expect(again.getByTestId('outbox-indicator')).toBeHidden()
  })
})

test.describe('without the service worker', () => {
  // page.route sees the page's requests only when no worker stands between them.
  test.use({ serviceWorkers: 'block' })

  test('the server fails the first attempt: the write waits, is retried with the same key, and lands once', async ({
    page,
  }) => {
    const code = 'AV-0003'
    const location = 'C-01-01-02'
    const before = await stockAt(code, location)
    await signIn(page, 'stock')
    const keys: string[] = []
    await page.route('**/reception/add', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '')
      if (keys.length === 1) await route.fulfill({ status: 500, json: { code: 'server', message: 'Panne' } })
      else await route.continue()
    })
    await openReception(page, location)
    await receive(page, code, 3)
    await expect(page.getByText('En attente d’envoi : elle partira dès le retour du réseau.')).toBeVisible()
    await expect.poll(() => stockAt(code, location), { timeout: 15_000 }).toBe(before + 3)
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    await expect(page.getByTestId('outbox-indicator')).toBeHidden()
  })

  test('the answer to a committed write is lost: the replay does not apply it twice', async ({ page }) => {
    const code = 'AV-0004'
    const location = 'C-01-01-03'
    const before = await stockAt(code, location)
    await signIn(page, 'stock')
    const replayed: (string | undefined)[] = []
    await page.route('**/reception/add', async (route) => {
      const response = await route.fetch()
      replayed.push(response.headers()['idempotent-replayed'])
      // The first time, the server has committed but the scanner never hears back.
      if (replayed.length === 1) await route.abort('connectionreset')
      else await route.fulfill({ response })
    })
    await openReception(page, location)
    await receive(page, code, 2)
    await expect(page.getByText('En attente d’envoi : elle partira dès le retour du réseau.')).toBeVisible()
    await expect.poll(() => replayed.length, { timeout: 15_000 }).toBe(2)
    expect(replayed).toEqual([undefined, 'true'])
    await expect(page.getByTestId('outbox-indicator')).toBeHidden()
    expect(await stockAt(code, location)).toBe(before + 2)
  })
})
