/**
 * Issue 31 on a 360×640 handheld: the states a worker meets in the exceptions pass axe (label-in-name
 * included), the 48×48 px targets and whole labels too, not only each screen as it opens. Each test
 * only looks: nothing is validated, and the one write (a picking session, of a shop and a user no
 * other spec picks with) is closed again, its orders back to ready.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test'
import type { PickingSession, PickTask, ReturnableOrder } from '../../contract/index.ts'
import { demoEan13 } from '../../server/db/seed/ean.ts'
import { checkHandheld, openScreen } from './accessibility.ts'
import { apiAs, pickerWithoutSession, productStock, setWedgeGap, signIn, wedge } from './helpers.ts'

const serverUrl = `http://127.0.0.1:${process.env.E2E_PORT ?? 18_080}`

test.beforeEach(({ page }) => setWedgeGap(page))

/** A shipped order of maison-lumiere with a tracking number (the seed ships many; none is validated here). */
async function shippedOrder(request: APIRequestContext): Promise<ReturnableOrder> {
  const get = await apiAs(request, 'retours')
  const { orders } = await get<{ orders: ReturnableOrder[] }>(
    '/api/client/maison-lumiere/return/search?q=example.com',
  )
  const order = orders.find(
    (o) => o.status === 'shipped' && o.trackingNumbers.length > 0 && o.lines.some((l) => l.returnable > 0),
  )
  if (!order) throw new Error('No shipped order of maison-lumiere to look at: check the seed')
  return order
}

test('a picking session: a task, offline with a scan waiting, and the Manquant to confirm', async ({
  page,
  context,
}) => {
  test.setTimeout(40_000)
  const request = await playwrightRequest.newContext({ baseURL: serverUrl })
  // 'debug' picks in no other spec, and papeterie-du-port's mono gift orders are picked by none
  // (shop-orders.spec.ts picks the shop's mono classic ones).
  const picker = await pickerWithoutSession(request, 'debug')
  const created = await request.post('/rest/picking-session/create', {
    headers: { ...picker, 'idempotency-key': `a11y-${Date.now()}` },
    data: { shop: 'papeterie-du-port', pickingType: 'mono_gift', limit: 2 },
  })
  expect(created.ok(), await created.text()).toBe(true)
  const session = (await created.json()) as PickingSession
  const [first] = [...session.tasks].sort((a, b) => a.sequence - b.sequence) as [PickTask]
  try {
    await signIn(page, 'debug')
    await openScreen(page, '/warehouse/picking-session')
    await expect(page.getByTestId('current-task')).toBeVisible()
    await checkHandheld(page, 'picking session, a task')

    // The Wi-Fi drops: the first task picked on the device, its scan waiting to be sent. The
    // calls are refused here too: Chromium's offline emulation once let the pick through (the
    // outbox then had nothing waiting), and this test is about the screen in that state.
    await context.route('**/rest/**', (route) => route.abort('internetdisconnected'))
    await context.setOffline(true)
    await wedge(page, first.location)
    await wedge(page, first.product.ean13)
    await expect(page.getByTestId('unsent')).toHaveText('1 scan en attente d’envoi')
    await expect(page.getByTestId('outbox-indicator')).toHaveText('1')
    await checkHandheld(page, 'picking session offline, a scan waiting')

    // 'Manquant' on the next task asks for a second tap (not sent: the test ends there).
    await page.getByRole('button', { name: 'Manquant', exact: true }).tap()
    await expect(page.getByRole('button', { name: 'Confirmer le manquant' })).toBeVisible()
    await checkHandheld(page, 'picking session, Manquant to confirm')
  } finally {
    await request.post(`/rest/picking-session/${session.id}/close`, { headers: picker })
    await request.dispose()
  }
})

test('an order return with its lines: axe (label-in-name), 48 px targets', async ({ page, request }) => {
  const order = await shippedOrder(request)
  const line = order.lines.find((l) => l.returnable > 0) as ReturnableOrder['lines'][number]
  await signIn(page, 'retours')
  await openScreen(page, '/warehouse/order-return')
  await expect(page.getByRole('textbox', { name: 'Colis ou commande' })).toBeFocused()
  await wedge(page, order.trackingNumbers[0] as string)
  await expect(page.getByText(`Commande ${order.name}`, { exact: true })).toBeVisible()
  await checkHandheld(page, 'order return, the order found')

  await page.getByRole('textbox', { name: 'Article', exact: true }).focus()
  await wedge(page, line.product.ean13)
  const card = page.getByRole('region', { name: line.product.name })
  await expect(card).toBeVisible()
  await card.getByRole('button', { name: 'Abîmé' }).tap()
  await expect(card.getByLabel('Motif de rebut')).toBeVisible()
  await checkHandheld(page, 'order return, a line to scrap')
})

test('a transfer with a line: axe, 48 px targets', async ({ page, request }) => {
  const code = demoEan13(1, 1)
  const { byLocation } = await productStock(request, 'maison-lumiere', code)
  const source = [...byLocation].find(([where, n]) => n > 0 && /^[A-Z]-\d/.test(where))?.[0]
  expect(source, `a shelf holding ${code}`).toBeTruthy()
  await signIn(page, 'stock')
  await openScreen(page, '/warehouse/transfer')
  await page.getByLabel('Emplacement source', { exact: true }).focus()
  await wedge(page, source as string)
  await expect(page.getByText(`Contenu de ${source}`, { exact: true })).toBeVisible()
  await page.getByLabel('Produit', { exact: true }).focus()
  await wedge(page, code)
  await expect(page.getByRole('button', { name: /^Modifier la quantité de / })).toHaveText('1')
  await checkHandheld(page, 'transfer with a line')
})

test('the carrier slip with a slip open: axe, 48 px targets', async ({ page }) => {
  await signIn(page, 'expedition')
  await openScreen(page, '/warehouse/carrier-slip')
  await page
    .getByRole('main')
    .getByRole('button', { name: /^Ouvrir / })
    .first()
    .tap()
  await expect(page.getByTestId('loaded-count')).toBeVisible()
  await checkHandheld(page, 'carrier slip open')
})

test('an order detail in Information commande: axe, 48 px targets', async ({ page, request }) => {
  const order = await shippedOrder(request)
  await signIn(page, 'demo')
  await openScreen(page, `/warehouse/order-information/${encodeURIComponent(order.name)}`)
  await expect(page.getByTestId('order-status')).toBeVisible()
  await checkHandheld(page, 'order detail')
})
