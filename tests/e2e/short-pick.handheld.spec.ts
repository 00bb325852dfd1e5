/**
 * Issue 31 on a 360×640 touch handheld, against the real server: a multi list of maison-lumiere
 * picked by scans into printed crates, one of its tasks found short ('Manquant' → 'Confirmer').
 * - On a product no other shelf holds: the picker is told on the spot where the order's units go
 *   (its crate to the exceptions shelf at the close), finishes the list, and the close names it.
 * - On a product another shelf holds (re-reserve first): the picker is sent there ('Allez à …'),
 *   picks the missing units there, and the order is complete, not in exception.
 */
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test'
import type { PickingSession, PickTask } from '../../contract/index.ts'
import { bearerOf, ownPicker, productStock, setWedgeGap, signIn, wedge } from './helpers.ts'

const SHOP = 'maison-lumiere'
const ORDERS = 3
const PICKER_SHORT = 'preparateur-manquant'
const PICKER_ELSEWHERE = 'preparateur-ailleurs'
const serverUrl = `http://127.0.0.1:${process.env.E2E_PORT ?? 18_080}`
/** A storage place (aisle-bay-level-position); docks such as EXPEDITION are no shelf to pick from. */
const SHELF = /^[A-E]-\d{2}-\d{2}-\d{2}$/

/** The other shelves holding the task's product, most first (the server's choice first). */
async function otherShelves(request: APIRequestContext, task: PickTask) {
  const { byLocation } = await productStock(request, SHOP, task.product.sku, 'demo')
  return [...byLocation]
    .filter(([place, qty]) => SHELF.test(place) && place !== task.location && qty > 0)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
}

/** Printed crates, one per order, and the next multi orders of the shop as the picker's list. */
async function pickerList(request: APIRequestContext, user: string) {
  // Each test its own picker: they run in parallel, and a user has one session at a time.
  const picker = await ownPicker(request, user, SHOP)
  const printed = await request.post('/rest/print/box-labels', {
    headers: await bearerOf(request, 'demo'),
    data: { count: ORDERS, format: 'zpl' },
  })
  expect(printed.status()).toBe(200)
  const crates = ((await printed.json()) as { boxes: string[] }).boxes
  const created = await request.post('/rest/picking-session/create', {
    headers: picker,
    data: { shop: SHOP, pickingType: 'multi_classic', limit: ORDERS },
  })
  expect(created.status(), await created.text()).toBe(200)
  const session = (await created.json()) as PickingSession
  const tasks = [...session.tasks].sort((a, b) => a.sequence - b.sequence)
  const crateOf = new Map(
    [...new Set(tasks.map((x) => x.order))].map((order, i) => [order, crates[i] as string]),
  )
  return { session, tasks, crateOf }
}

/** The screen's walk through `tasks`: each location once per place, each unit then its crate. */
function walker(page: Page, crateOf: Map<string, string>) {
  let here: string | null = null
  return async (task: Pick<PickTask, 'location' | 'product' | 'order'>, units: number) => {
    if (task.location !== here) {
      await expect(page.getByText(`Scannez l’emplacement ${task.location}.`)).toBeVisible()
      await wedge(page, task.location)
      await expect(page.getByText(`Emplacement ${task.location} confirmé.`)).toBeVisible()
      here = task.location
    }
    for (let unit = 1; unit <= units; unit++) {
      await wedge(page, task.product.ean13)
      await expect(page.getByText(/puis scannez la caisse\.$/)).toBeVisible()
      await wedge(page, crateOf.get(task.order) as string)
      await expect(page.getByText(new RegExp(`^Dans ${crateOf.get(task.order)} · `))).toBeVisible()
    }
  }
}

async function confirmShort(page: Page, task: PickTask) {
  await page.getByRole('button', { name: 'Manquant', exact: true }).click()
  await expect(page.getByText(`Manquant sur ${task.product.name} ?`, { exact: false })).toBeVisible()
  await page.getByRole('button', { name: 'Confirmer le manquant' }).click()
}

async function closeList(page: Page, session: PickingSession) {
  await expect(page.getByText('Toutes les tâches sont traitées : clôturez la session.')).toBeVisible()
  await page.getByRole('button', { name: 'Clôturer' }).click()
  await page.getByRole('button', { name: 'Confirmer' }).click()
  await expect(page.getByText(`Session ${session.batch.name} clôturée`)).toBeVisible({ timeout: 30_000 })
}

async function orderDetail(request: APIRequestContext, order: string) {
  const information = await request.get(`/rest/order/${order}/information`, {
    headers: await bearerOf(request, 'demo'),
  })
  expect(information.status()).toBe(200)
  return (await information.json()) as { order: { status: string }; hold: { tote: string } | null }
}

test.describe.configure({ timeout: 180_000 })
test.beforeEach(async ({ page }) => setWedgeGap(page))

test('a short pick on the handheld: told where the order goes, the crate named at the close', async ({
  page,
}) => {
  const request = await playwrightRequest.newContext({ baseURL: serverUrl })
  try {
    const { session, tasks, crateOf } = await pickerList(request, PICKER_SHORT)
    // The short one: a product on no other shelf, of an order with other units to put in its crate.
    let short: PickTask | undefined
    for (const task of tasks) {
      const others = tasks.filter((x) => x.order === task.order).length > 1 || task.quantity > 1
      if (others && (await otherShelves(request, task)).length === 0) {
        short = task
        break
      }
    }
    if (!short) throw new Error('No task of the list is a product held on one shelf only')
    const crate = crateOf.get(short.order) as string

    await signIn(page, PICKER_SHORT, { at: '/warehouse/picking-session' })
    await expect(page.getByText(`Liste ${session.batch.name}`)).toBeVisible()

    // Every task in turn; the short one: a unit in the crate when it has several, then 'Manquant'.
    const walk = walker(page, crateOf)
    let crateBound = false
    for (const task of tasks) {
      const units = task === short ? Math.min(1, task.quantity - 1) : task.quantity
      await walk(task, units)
      if (task.order === short.order && units > 0) crateBound = true
      if (task !== short) continue
      await confirmShort(page, task)
      const told = page.getByText(
        `Manquant enregistré : ${task.product.name}, commande ${task.order} en anomalie.`,
        { exact: false },
      )
      await expect(told).toBeVisible()
      // Where the order's units go: into its crate (named once it holds one), to the exceptions shelf.
      await expect(told).toContainText(
        crateBound
          ? `Finissez ses autres articles dans la caisse ${crate} ; à la clôture, posez la caisse ${crate} sur l'étagère anomalies.`
          : `Prenez ses autres articles dans une caisse comme d'habitude ; à la clôture, posez la caisse de la commande ${task.order} sur l'étagère anomalies.`,
      )
    }

    // Finished and closed: the summary names the crate for the exceptions shelf.
    await closeList(page, session)
    await expect(page.getByTestId('summary-message')).toHaveText(
      `Posez la caisse ${crate} (commande ${short.order}) sur l'étagère anomalies.`,
    )
    // The server agrees: the order waits in exception, its crate still holds it.
    const detail = await orderDetail(request, short.order)
    expect(detail.order.status).toBe('exception')
    expect(detail.hold?.tote).toBe(crate)
  } finally {
    await request.dispose()
  }
})

test('a short pick another shelf can make up: the picker is sent there, the order is complete', async ({
  page,
}) => {
  const request = await playwrightRequest.newContext({ baseURL: serverUrl })
  try {
    const { session, tasks, crateOf } = await pickerList(request, PICKER_ELSEWHERE)
    // The short one: a product another shelf holds enough of for the whole task.
    let short: PickTask | undefined
    let shelf: string | undefined
    for (const task of tasks) {
      const [best] = await otherShelves(request, task)
      if (best && best[1] >= task.quantity) {
        ;[short, shelf] = [task, best[0]]
        break
      }
    }
    if (!short || !shelf) throw new Error('No task of the list is a product held on two shelves')

    await signIn(page, PICKER_ELSEWHERE, { at: '/warehouse/picking-session' })
    await expect(page.getByText(`Liste ${session.batch.name}`)).toBeVisible()

    const walk = walker(page, crateOf)
    for (const task of tasks) {
      if (task !== short) {
        await walk(task, task.quantity)
        continue
      }
      // At its shelf, nothing there: 'Manquant' → 'Confirmer'; the server sends the picker on.
      await walk(task, 0)
      await confirmShort(page, task)
      const name = task.product.name
      await expect(
        page.getByText(
          `Manquant enregistré : ${task.quantity} × ${name} en ${task.location}, comptage demandé. Allez à ${shelf} : ${task.quantity} × ${name} pour la commande ${task.order}.`,
        ),
      ).toBeVisible()
      // The new task is the next one: its shelf, then its units into the order's crate.
      await walk({ ...task, location: shelf }, task.quantity)
    }

    await closeList(page, session)
    await expect(page.getByTestId('summary-message')).toHaveCount(0)
    const summary = page.getByTestId('summary')
    const figure = (label: string) =>
      summary.locator('div', { has: page.getByText(label, { exact: true }) }).last()
    await expect(figure('Articles manquants')).toHaveText(/^0\s*Articles manquants$/)
    await expect(figure('Commandes en anomalie')).toHaveText(/^0\s*Commandes en anomalie$/)
    // The server agrees: the order is wholly picked, not held.
    const detail = await orderDetail(request, short.order)
    expect(detail.order.status).toBe('picked')
    expect(detail.hold).toBeNull()
  } finally {
    await request.dispose()
  }
})
