/**
 * Issue 30 in the browser: a handheld on the warehouse Wi-Fi opens the server by a name that is not
 * localhost (entrepot.test, mapped to this machine), 360×640, touch.
 * - Over the site's HTTPS (the LAN server of playwright.config.ts, its root trusted by key hash):
 *   a secure context, the service worker, an installable app, an offline cold start, an offline
 *   reception of three lines sent exactly once, and a print into the virtual agent over wss.
 * - Over plain HTTP (the main test server, HTTPS off): the notice, and a reception that is sent.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test'
import { agentTlsMaterial, startAgent } from '../../../agent/agent.ts'
import { productStock, signInThroughForm } from '../helpers.ts'
import { waitForLanSite } from './ready.ts'
import { LAN } from './site.ts'

waitForLanSite()

const SHOP = 'maison-lumiere'

async function scan(page: Page, field: string, code: string) {
  const input = page.getByLabel(field, { exact: true })
  await input.fill(code)
  await input.press('Enter')
}

/** One reception of one unit of each code, into `location`, from the reception screen. */
async function receiveLines(page: Page, location: string, codes: readonly string[]) {
  await scan(page, 'Emplacement de réception', location)
  await expect(page.getByText(`Destination : ${location}`)).toBeVisible()
  for (const code of codes) await scan(page, 'Produit', code)
  await page.getByRole('button', { name: 'Valider la réception' }).click()
  await expect(page.getByText('Dernière réception')).toBeVisible()
}

/** The server's stock of each code at `location`, read through the API of the server at `origin`. */
async function stockAt(origin: string, codes: readonly string[], location: string) {
  const request = await playwrightRequest.newContext({
    baseURL: origin,
    ignoreHTTPSErrors: origin.startsWith('https'),
  })
  try {
    return await Promise.all(
      codes.map(async (code) => {
        const { byLocation, movements } = await productStock(request, SHOP, code)
        return {
          quantity: byLocation.get(location) ?? 0,
          receptions: movements.filter((m) => m.kind === 'RECEPTION' && m.to === location).length,
        }
      }),
    )
  } finally {
    await request.dispose()
  }
}

/** Errors the page throws or logs: none may come from an API the page's context lacks. */
function pageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}

// The API through the loopback address (the request context does not use the browser's resolver).
const lanApi = `https://127.0.0.1:${LAN.httpsPort}`

test.describe('over the site HTTPS, at its LAN name', () => {
  test.use({ serviceWorkers: 'allow' })
  test.describe.configure({ timeout: 90_000 })

  test('installs, starts offline, and sends an offline reception of three lines exactly once', async ({
    page,
    context,
  }) => {
    const errors = pageErrors(page)
    // The address 'Premiers pas' gives, plain HTTP: redirected to HTTPS, the path kept.
    await page.goto(`${LAN.httpOrigin}/login`)
    await expect(page).toHaveURL(`${LAN.httpsOrigin}/login`)
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true)
    await signInThroughForm(page, 'stock')
    await page.goto(`/shop/${SHOP}/reception`)
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[]
    }
    // Chromium's own reasons an app cannot install (not-from-secure-origin, no-matching-service-worker,
    // manifest errors…): none, but that a test browser's context is incognito, which a device is not.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([])
    await expect(page.getByText('Connexion non sécurisée (HTTP)')).toHaveCount(0)

    const codes = ['ML-0041', 'ML-0042', 'ML-0043']
    const location = 'D-01-01-01'
    const before = await stockAt(lanApi, codes, location)
    await context.setOffline(true)
    await page.reload() // a cold start with no network: the service worker opens the app
    await expect(page.getByLabel('Emplacement de réception', { exact: true })).toBeVisible()
    await receiveLines(page, location, codes)
    await expect(page.getByTestId('outbox-indicator')).toHaveText('1')
    expect(await stockAt(lanApi, codes, location)).toEqual(before)

    await context.setOffline(false)
    await expect(page.getByTestId('outbox-indicator')).toBeHidden({ timeout: 20_000 })
    await page.waitForTimeout(1500) // exactly once: nothing more arrives later
    expect(await stockAt(lanApi, codes, location)).toEqual(
      before.map((b) => ({ quantity: b.quantity + 1, receptions: b.receptions + 1 })),
    )
    expect(errors.filter((e) => /randomUUID|secure context|isSecureContext/i.test(e))).toEqual([])
  })

  test('prints from the HTTPS page into the print agent over wss', async ({ page }) => {
    const outDir = mkdtempSync(join(tmpdir(), 'entrepot-lan-prints-'))
    const tls = agentTlsMaterial(join(process.env.E2E_LAN_DATA_DIR!, 'agent-tls'))
    // Only a secure port: an https page reaches QZ Tray on wss:// (qz-tray.js's secure ports).
    const agent = await startAgent({ port: 0, securePort: 0, tls, outDir, log: () => {} })
    try {
      await page.addInitScript((port) => {
        localStorage.setItem(
          'qz-agent',
          JSON.stringify({ host: 'localhost', port: { secure: [port], insecure: [] } }),
        )
      }, agent.securePort!)
      await signInThroughForm(page, 'expedition')
      await expect(page.getByRole('button', { name: 'Vous pouvez imprimer' })).toBeVisible()
      await page.goto('/warehouse/print-location')
      await page.getByLabel('Emplacement').fill('B-02-01')
      await page.getByLabel('Emplacement').press('Enter')
      await page.getByRole('button', { name: /Imprimer \d+ étiquettes/ }).click()
      await expect(page.getByText(/étiquettes envoyées à l'imprimante/)).toBeVisible()
      await expect.poll(() => agent.jobs.length).toBe(1)
      const item = agent.jobs[0]!.items[0]!
      expect(item.flavor).toBe('base64') // the page fetched the document over HTTPS, not the agent
      expect(readFileSync(item.file).subarray(0, 5).toString()).toBe('%PDF-')
      expect(readdirSync(outDir).length).toBeGreaterThan(0)
    } finally {
      await agent.close()
      rmSync(outDir, { recursive: true, force: true }) // a print names a customer: not left in /tmp
    }
  })

  test('the installer page, opened over plain HTTP, sees that this browser trusts the site', async ({
    page,
  }) => {
    await page.goto(`${LAN.httpOrigin}/installer`)
    await expect(page).toHaveURL(`${LAN.httpOrigin}/installer`) // not redirected: it hands out the root
    await expect(
      page.getByRole('heading', { name: "Faire confiance au serveur de l'entrepôt" }),
    ).toBeVisible()
    await expect(page.getByRole('status')).toHaveText(/Ce navigateur fait confiance au serveur/)
    await expect(page.getByRole('link', { name: `${LAN.httpsOrigin}/` })).toBeVisible()
  })
})

test.describe('over plain HTTP, at a LAN name', () => {
  // The main test server speaks plain HTTP (TLS off): a site that has not turned HTTPS on.
  const plainOrigin = `http://${LAN.name}:${process.env.E2E_PORT ?? 18_080}`
  const plainApi = `http://127.0.0.1:${process.env.E2E_PORT ?? 18_080}`

  test('says what is missing, links the installer, and still records a reception', async ({ page }) => {
    const errors = pageErrors(page)
    await page.goto(`${plainOrigin}/login`)
    expect(await page.evaluate(() => [window.isSecureContext, typeof crypto.randomUUID])).toEqual([
      false,
      'undefined',
    ])
    await page.getByLabel('Identifiant').fill('stock')
    await page.getByLabel('Mot de passe').fill('stock')
    await page.getByRole('button', { name: 'Se connecter' }).click()
    await expect(page.getByRole('button', { name: 'Mon compte' })).toBeVisible()
    const notice = page.getByRole('note').filter({ hasText: 'Connexion non sécurisée (HTTP)' })
    await expect(notice).toBeVisible()
    await expect(notice.getByRole('link', { name: 'Installer le certificat du site' })).toHaveAttribute(
      'href',
      '/installer',
    )

    const codes = ['ML-0051', 'ML-0052', 'ML-0053']
    const location = 'D-01-02-01'
    const before = await stockAt(plainApi, codes, location)
    await page.goto(`${plainOrigin}/shop/${SHOP}/reception`)
    await receiveLines(page, location, codes)
    await expect
      .poll(() => stockAt(plainApi, codes, location))
      .toEqual(before.map((b) => ({ quantity: b.quantity + 1, receptions: b.receptions + 1 })))
    await expect(page.getByText(/randomUUID|Envoi refusé/)).toHaveCount(0)
    expect(errors.filter((e) => /randomUUID|is not a function/i.test(e))).toEqual([])
  })
})
