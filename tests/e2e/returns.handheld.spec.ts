/**
 * Issue 14 on a 360×640 touch handheld with a keyboard-wedge scanner, against the real server: a
 * shipped order of the seed comes back. Its parcel's tracking number is scanned, one item goes back
 * to stock in a scanned location, one is scrapped with a reason, and an item that is not in the
 * order is kept 'hors commande', so the return waits with a wait reason. Then the server agrees:
 * the order's returned quantities and status, the ledger (RETURN into the location; RETURN into
 * RETOURS then REBUT out of it), the waiting list, and today's statistics. Shop 'green-cosmetics'
 * and location E-06-04-03 are this file's.
 */
import { expect, request as playwrightRequest, test } from '@playwright/test'
import type { OrderDetail, ReturnableOrder, StatisticToday } from '../../contract/index.ts'
import { type ApiGet, apiAs, productStock, setWedgeGap, signIn, wedge } from './helpers.ts'

const SHOP = 'green-cosmetics'
const LOCATION = 'E-06-04-03'
/** A valid EAN-13 the demo catalogue does not hold (its products start 376…). */
const UNKNOWN = '2000000000022'
const serverUrl = `http://127.0.0.1:${process.env.E2E_PORT ?? 18_080}`

test.describe.configure({ timeout: 180_000 })
test.beforeEach(({ page }) => setWedgeGap(page))

/** A shipped order of the shop with a tracking number and two products that may come back. */
async function shippedOrder(get: ApiGet): Promise<ReturnableOrder> {
  for (const q of ['example.com', 'example.org', 'example.net']) {
    const { orders } = await get<{ orders: ReturnableOrder[] }>(
      `/api/client/${SHOP}/return/search?q=${encodeURIComponent(q)}`,
    )
    const fit = orders.find(
      (o) =>
        o.status === 'shipped' &&
        o.trackingNumbers.length > 0 &&
        o.lines.filter((l) => l.returnable > 0).length >= 2,
    )
    if (fit) return fit
  }
  throw new Error(`No shipped order of ${SHOP} with two products to return: check the seed`)
}

test('a shipped order comes back: one item to stock, one scrapped, one not in the order parked', async ({
  page,
}) => {
  const request = await playwrightRequest.newContext({ baseURL: serverUrl })
  try {
    const get = await apiAs(request, 'retours')
    const order = await shippedOrder(get)
    const [back, broken] = order.lines.filter((l) => l.returnable > 0) as [
      ReturnableOrder['lines'][number],
      ReturnableOrder['lines'][number],
    ]
    const statsBefore = await get<StatisticToday>('/rest/statistic/today')
    const stockBefore = (await productStock(request, SHOP, back.product.sku)).byLocation.get(LOCATION) ?? 0

    await signIn(page, 'retours', { at: '/warehouse/order-return' })
    const parcel = page.getByRole('textbox', { name: 'Colis ou commande' })
    await expect(parcel).toBeFocused()
    await wedge(page, order.trackingNumbers[0] as string)
    await expect(page.getByText(`Commande ${order.name}`, { exact: true })).toBeVisible()
    await page.getByLabel('Origine du retour').selectOption({ label: 'Retour client' })

    // 1. Back to stock: new (the default), its location scanned.
    await page.getByRole('textbox', { name: 'Article', exact: true }).focus()
    await wedge(page, back.product.ean13)
    const backLine = page.getByRole('region', { name: back.product.name })
    await expect(backLine).toBeVisible()
    await expect(page.getByRole('textbox', { name: /^Emplacement de remise en stock/ })).toBeFocused()
    await wedge(page, LOCATION)
    await expect(backLine.getByText(`Emplacement : ${LOCATION}`)).toBeVisible()

    // 2. Damaged: scrapped with a reason.
    await page.getByRole('textbox', { name: 'Article', exact: true }).focus()
    await wedge(page, broken.product.ean13)
    const brokenLine = page.getByRole('region', { name: broken.product.name })
    await expect(brokenLine).toBeVisible()
    await brokenLine.getByRole('button', { name: 'Abîmé' }).click()
    await expect(brokenLine.getByRole('button', { name: 'Rebut' })).toHaveAttribute('aria-pressed', 'true')
    const reason = brokenLine.getByLabel('Motif de rebut')
    const firstReason = (await reason.locator('option').nth(1).textContent()) as string
    await reason.selectOption({ label: firstReason })

    // 3. Not in the order: kept 'hors commande', the return will wait.
    await page.getByRole('textbox', { name: 'Article', exact: true }).focus()
    await wedge(page, UNKNOWN)
    const unknownLine = page.getByRole('region', { name: UNKNOWN })
    await expect(unknownLine.getByText('Hors commande', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Valider le retour' })).toBeDisabled()
    await page.getByLabel("Motif d'attente").selectOption({ label: 'Article hors commande' })
    await page.getByRole('button', { name: 'Valider le retour' }).click()
    await expect(
      page.getByText(`Retour enregistré en attente d'une décision : commande ${order.name}, 3 articles.`),
    ).toBeVisible({ timeout: 20_000 })

    // The server agrees: the order, the ledger, the waiting list and today's figures.
    await expect
      .poll(async () => (await get<OrderDetail>(`/rest/order/${order.name}/information`)).returns.length)
      .toBeGreaterThan(0)
    const detail = await get<OrderDetail>(`/rest/order/${order.name}/information`)
    const returned = (sku: string) => detail.lines.find((l) => l.product.sku === sku)?.returned
    expect(returned(back.product.sku)).toBe(back.returned + 1)
    expect(returned(broken.product.sku)).toBe(broken.returned + 1)
    const allBack = detail.lines.every((l) => l.returned === l.shipped)
    expect(detail.order.status).toBe(allBack ? 'returned' : 'partially_returned')
    const [received] = detail.returns
    expect(received?.status).toBe('waiting')
    const returnReason = `Retour ${received?.number}`

    const backStock = await productStock(request, SHOP, back.product.sku)
    expect(backStock.byLocation.get(LOCATION) ?? 0).toBe(stockBefore + 1)
    expect(backStock.movements).toContainEqual(
      expect.objectContaining({
        kind: 'RETURN',
        quantity: 1,
        from: null,
        to: LOCATION,
        reason: returnReason,
      }),
    )
    const brokenStock = await productStock(request, SHOP, broken.product.sku)
    expect(brokenStock.movements).toContainEqual(
      expect.objectContaining({ kind: 'RETURN', quantity: 1, to: 'RETOURS', reason: returnReason }),
    )
    expect(brokenStock.movements).toContainEqual(
      expect.objectContaining({ kind: 'REBUT', quantity: 1, from: 'RETOURS', to: null }),
    )

    const waiting = await get<{ number: string; lines: { code: string; inOrder: boolean }[] }[]>(
      '/rest/order/return/waiting',
    )
    const parked = waiting.find((r) => r.number === received?.number)
    expect(parked?.lines.filter((l) => !l.inOrder).map((l) => l.code)).toEqual([UNKNOWN])

    const statsAfter = await get<StatisticToday>('/rest/statistic/today')
    expect(statsAfter.warehouse.returns).toBe(statsBefore.warehouse.returns + 1)
    expect(statsAfter.warehouse.unitsReturned).toBe(statsBefore.warehouse.unitsReturned + 3)
    expect(statsAfter.warehouse.unitsScrapped).toBe(statsBefore.warehouse.unitsScrapped + 1)
  } finally {
    await request.dispose()
  }
})
