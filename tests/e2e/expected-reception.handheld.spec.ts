/**
 * Issue 34's expected receptions, on a handheld against the real server: a shop announces a
 * delivery with its key (2 of one product, 1 of another); a worker chooses it on the reception
 * screen, scans what came (one of each: the first is one short), sees received / expected, validates
 * and closes it; the shop's receiver hears `reception.completed` with the difference, signed the
 * Standard Webhooks way. Shop 'green-cosmetics', location D-05-03-02: no other spec writes there.
 */
import { randomInt } from 'node:crypto'
import { expect, request as playwrightRequest, test } from '@playwright/test'
import { bearerOf, setWedgeGap, signIn, wedge } from './helpers.ts'
import { webhookReceiver } from './webhook-receiver.ts'

const SHOP = 'green-cosmetics'
const [SHORT, WHOLE] = ['GC-0022', 'GC-0023']
const LOCATION = 'D-05-03-02'
const serverUrl = `http://127.0.0.1:${process.env.E2E_PORT ?? 18_080}`

test.beforeEach(({ page }) => setWedgeGap(page))

test('an announced delivery received one short is closed, and the shop hears the difference', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const request = await playwrightRequest.newContext({ baseURL: serverUrl })
  const admin = await bearerOf(request, 'demo')
  const receiver = await webhookReceiver(request, admin, SHOP, ['reception.completed'])
  try {
    // The shop: a key, then the notice.
    const shops = (await (await request.get('/rest/admin/shops', { headers: admin })).json()) as {
      id: number
      slug: string
    }[]
    const shopId = shops.find((s) => s.slug === SHOP)!.id
    const key = await request.post(`/rest/admin/shops/${shopId}/keys`, {
      headers: admin,
      data: { label: 'e2e livraisons' },
    })
    const { secret } = (await key.json()) as { secret: string }
    const reference = `LIV-E2E-${randomInt(1e9)}`
    const announced = await request.post('/api/v1/receptions', {
      headers: { authorization: `Bearer ${secret}` },
      data: {
        reference,
        expectedDate: new Date().toISOString().slice(0, 10),
        lines: [
          { sku: SHORT, quantity: 2 },
          { sku: WHOLE, quantity: 1 },
        ],
      },
    })
    expect(announced.status(), await announced.text()).toBe(201)

    // The worker: the delivery chosen, then the scanner.
    await signIn(page, 'stock', { at: `/shop/${SHOP}/reception` })
    await page.getByRole('button', { name: 'Choisir' }).tap()
    await page.getByRole('button', { name: new RegExp(reference) }).tap()
    await expect(
      page.getByRole('group', { name: 'Réception attendue' }).getByText(`« ${reference} »`),
    ).toBeVisible()
    await expect(page.getByLabel('Emplacement de réception', { exact: true })).toBeFocused()
    await wedge(page, LOCATION)
    await wedge(page, SHORT)
    // Each scan seen before the next, as the other scan specs do: a scanner's two codes are a
    // second apart, not the few milliseconds two back-to-back wedge() calls make (CI66 lost the
    // second of two such codes once; see stop 48's note).
    await expect(page.getByText('1 ligne, 1 article', { exact: true })).toBeVisible()
    await wedge(page, WHOLE)
    await expect(page.getByText('2 lignes, 2 articles', { exact: true })).toBeVisible()
    await expect(page.getByText('Manque 1')).toBeVisible()
    await page.getByRole('button', { name: 'Valider la réception' }).tap()
    await expect(page.getByText('Envoyée au serveur.')).toBeVisible()

    await page.getByRole('button', { name: 'Clôturer la réception' }).tap()
    await expect(page.getByText(/1 produit en moins/)).toBeVisible()
    await page.getByRole('button', { name: 'Confirmer la clôture' }).tap()

    // The shop's receiver: the delivery's differences, once.
    await expect.poll(() => receiver.heard.length, { timeout: 30_000 }).toBe(1)
    expect(receiver.heard[0]).toMatchObject({
      type: 'reception.completed',
      data: {
        reference,
        lines: expect.arrayContaining([
          { sku: SHORT, expected: 2, received: 1, difference: -1 },
          { sku: WHOLE, expected: 1, received: 1, difference: 0 },
        ]),
        unexpected: [],
      },
    })
  } finally {
    await receiver.stop()
    await request.dispose()
  }
})
