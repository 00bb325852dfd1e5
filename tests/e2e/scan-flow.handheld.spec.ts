/**
 * Issue 11 on a 360×640 touch handheld, against the real server: a reception scanned through a slow
 * network, validated, reloaded mid-way, and an offline scan the server later refuses, corrected from
 * the outbox. No scan is lost or merged on the way; the server's stock moves by exactly what was
 * validated. Shop 'papeterie-du-port' and aisle B are this file's (other specs write elsewhere).
 */
import { expect, request as playwrightRequest, test } from '@playwright/test'
import { demoEan13 } from '../../server/db/seed/ean.ts'
import { productStock, setWedgeGap, signIn, wedge } from './helpers.ts'

const SHOP = 'papeterie-du-port'
const LOCATION = 'B-02-03-01'
const serverUrl = `http://127.0.0.1:${process.env.E2E_PORT ?? 18_080}`

/** The demo catalogue's EAN-13 of product `n` of shop 4. */
const ean = (n: number) => demoEan13(4, n)
const sku = (n: number) => `PP-${String(n).padStart(4, '0')}`

async function stockAt(code: string): Promise<number> {
  const request = await playwrightRequest.newContext({ baseURL: serverUrl })
  try {
    return (await productStock(request, SHOP, code)).byLocation.get(LOCATION) ?? 0
  } finally {
    await request.dispose()
  }
}

test.describe.configure({ timeout: 120_000 })

// A 5 ms burst must stay one scan on a loaded machine: see setWedgeGap.
test.beforeEach(({ page }) => setWedgeGap(page))

test('a reception through latency, validation, a reload and an offline refusal loses and merges no scan', async ({
  page,
  context,
}) => {
  const [first, second] = [await stockAt(sku(11)), await stockAt(sku(12))]
  await signIn(page, 'stock')
  // Every product look-up takes 600 ms: a slow Wi-Fi at the back of the warehouse.
  await page.route('**/api/product/info/inventory', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600))
    await route.continue()
  })
  await page.goto(`/shop/${SHOP}/reception`)
  await expect(page.getByLabel('Emplacement de réception', { exact: true })).toBeFocused()
  await wedge(page, LOCATION)
  await expect(page.getByText(`Destination : ${LOCATION}`)).toBeVisible()

  // Four scans 300 ms apart while each look-up takes 600 ms.
  for (const code of [ean(11), ean(12), ean(11), ean(12)]) {
    await wedge(page, code)
    await page.waitForTimeout(300)
  }
  await expect(page.getByText('2 lignes, 4 articles', { exact: true })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByLabel('Produit', { exact: true })).toHaveValue('')
  await expect(page.getByText(/Code impossible|Produit inconnu/)).toHaveCount(0)

  // 'Valider' is on the screen, not below the fold.
  const validate = page.getByRole('button', { name: 'Valider la réception' })
  const box = await validate.boundingBox()
  expect(box && box.y + box.height).toBeLessThanOrEqual(640)

  // A reload (an update, Android killing the tab) gives the lines back.
  await page.reload()
  await expect(page.getByText(/Saisie en cours restaurée : 2 lignes, 4 articles/)).toBeVisible()
  await expect(page.getByText('2 lignes, 4 articles', { exact: true })).toBeVisible()
  await validate.tap()
  await expect(page.getByText('Envoyée au serveur.')).toBeVisible()
  await expect.poll(() => stockAt(sku(11))).toBe(first + 2)
  expect(await stockAt(sku(12))).toBe(second + 2)

  // After 'Valider' the next scan still lands, wherever the focus went.
  await page.getByRole('heading', { name: 'Réception' }).click()
  await wedge(page, ean(11))
  await expect(page.getByText('1 ligne, 1 article', { exact: true })).toBeVisible()

  // Offline: a product the shop does not sell is taken unverified, and queued with the good line.
  await context.setOffline(true)
  await wedge(page, ean(999))
  await expect(page.getByText('Produit non vérifié (hors ligne)')).toBeVisible()
  await validate.tap()
  await expect(page.getByText('En attente d’envoi : elle partira dès le retour du réseau.')).toBeVisible()
  // Back online, the server refuses it: nothing is applied, and the outbox says so.
  await context.setOffline(false)
  await page.goto('/outbox')
  await page.getByRole('button', { name: 'Corriger' }).tap({ timeout: 30_000 })
  // Reopened in its screen, the refused line marked; the good line is still there.
  await expect(page.getByText(`Produit inconnu : ${ean(999)}`)).toBeVisible()
  await page.getByRole('button', { name: `Supprimer ${ean(999)}` }).tap()
  await page.getByRole('button', { name: 'Valider la réception' }).tap()
  await expect(page.getByText('Envoyée au serveur.')).toBeVisible()
  await expect.poll(() => stockAt(sku(11))).toBe(first + 3)
  await page.goto('/outbox')
  await expect(page.getByText('Rien en attente : tout a été reçu par le serveur.')).toBeVisible()
})
