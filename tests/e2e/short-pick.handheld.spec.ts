/**
 * Issue 31 on a 360×640 touch handheld, against the real server: a multi list of maison-lumiere
 * picked by scans into printed crates, one of its tasks found short ('Manquant' → 'Confirmer') on
 * a product no other shelf holds. The picker is told on the spot where the order's units go (its
 * crate to the exceptions shelf at the close), finishes the list, and the close names that crate.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test'
import type { PickingSession, PickTask } from '../../contract/index.ts'
import { productStock, setWedgeGap, signIn, wedge } from './helpers.ts'

const SHOP = 'maison-lumiere'
const ORDERS = 3
const serverUrl = `http://127.0.0.1:${process.env.E2E_PORT ?? 18_080}`
/** A storage place (aisle-bay-level-position); docks such as EXPEDITION are no shelf to pick from. */
const SHELF = /^[A-E]-\d{2}-\d{2}-\d{2}$/

async function tokenOf(request: APIRequestContext, user: string): Promise<Record<string, string>> {
  const login = await request.post('/rest/login_check', { data: { username: user, password: user } })
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` }
}

/** Whether the task's product is on no other shelf than the task's (nowhere to pick it instead). */
async function onlyThere(request: APIRequestContext, task: PickTask): Promise<boolean> {
  const { byLocation } = await productStock(request, SHOP, task.product.sku, 'demo')
  return ![...byLocation].some(([place, qty]) => SHELF.test(place) && place !== task.location && qty > 0)
}

test.use({ serviceWorkers: 'block' })
test.describe.configure({ timeout: 180_000 })
test.beforeEach(async ({ page }) => setWedgeGap(page))

test('a short pick on the handheld: told where the order goes, the crate named at the close', async ({
  page,
}) => {
  const request = await playwrightRequest.newContext({ baseURL: serverUrl })
  try {
    const picker = await tokenOf(request, 'preparateur')
    // A session left open by an earlier run on the same server is closed first.
    const open = await request.post('/rest/picking-session/resume', { headers: picker })
    if (open.ok()) {
      const { id } = (await open.json()) as PickingSession
      await request.post(`/rest/picking-session/${id}/close`, { headers: picker })
    }
    // Printed crates, one per order, and the next multi orders of the shop as the picker's list.
    const printed = await request.post('/rest/print/box-labels', {
      headers: await tokenOf(request, 'demo'),
      data: { count: ORDERS, format: 'zpl' },
    })
    expect(printed.status()).toBe(200)
    const crates = ((await printed.json()) as { boxes: string[] }).boxes
    const created = await request.post('/rest/picking-session/create', {
      headers: picker,
      data: { shop: SHOP, pickingType: 'multi', limit: ORDERS },
    })
    expect(created.status(), await created.text()).toBe(200)
    const session = (await created.json()) as PickingSession
    const tasks = [...session.tasks].sort((a, b) => a.sequence - b.sequence)

    // The short one: a product on no other shelf, of an order with other units to put in its crate.
    const orderTasks = (order: string) => tasks.filter((x) => x.order === order)
    let short: PickTask | undefined
    for (const task of tasks) {
      const others = orderTasks(task.order).length > 1 || task.quantity > 1
      if (others && (await onlyThere(request, task))) {
        short = task
        break
      }
    }
    if (!short) throw new Error('No task of the list is a product held on one shelf only')
    const crateOf = new Map([...new Set(tasks.map((x) => x.order))].map((order, i) => [order, crates[i]]))
    const crate = crateOf.get(short.order) as string

    await signIn(page, 'preparateur')
    await page.goto('/warehouse/picking-session')
    await expect(page.getByText(`Liste ${session.batch.name}`)).toBeVisible()

    // Every task in turn: its location (once per place), then each unit and its order's crate.
    // The short task: one unit in the crate when it has several, then 'Manquant' and 'Confirmer'.
    let here: string | null = null
    let crateBound = false
    for (const task of tasks) {
      if (task.location !== here) {
        await expect(page.getByText(`Scannez l’emplacement ${task.location}.`)).toBeVisible()
        await wedge(page, task.location)
        await expect(page.getByText(`Emplacement ${task.location} confirmé.`)).toBeVisible()
        here = task.location
      }
      const units = task === short ? Math.min(1, task.quantity - 1) : task.quantity
      for (let unit = 1; unit <= units; unit++) {
        await wedge(page, task.product.ean13)
        await expect(page.getByText(/puis scannez la caisse\.$/)).toBeVisible()
        await wedge(page, crateOf.get(task.order) as string)
        await expect(page.getByText(new RegExp(`^Dans ${crateOf.get(task.order)} · `))).toBeVisible()
        if (task.order === short.order) crateBound = true
      }
      if (task !== short) continue
      await page.getByRole('button', { name: 'Manquant', exact: true }).click()
      await expect(page.getByText(`Manquant sur ${task.product.name} ?`, { exact: false })).toBeVisible()
      await page.getByRole('button', { name: 'Confirmer le manquant' }).click()
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

    // Finished: 'Clôturer' then 'Confirmer'; the summary names the crate for the exceptions shelf.
    await expect(page.getByText('Toutes les tâches sont traitées : clôturez la session.')).toBeVisible()
    await page.getByRole('button', { name: 'Clôturer' }).click()
    await page.getByRole('button', { name: 'Confirmer' }).click()
    await expect(page.getByText(`Session ${session.batch.name} clôturée`)).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId('summary-message')).toHaveText(
      `Posez la caisse ${crate} (commande ${short.order}) sur l'étagère anomalies.`,
    )

    // The server agrees: the order waits in exception, its crate still holds it.
    const information = await request.get(`/rest/order/${short.order}/information`, {
      headers: await tokenOf(request, 'demo'),
    })
    expect(information.status()).toBe(200)
    const detail = (await information.json()) as { order: { status: string }; hold: { tote: string } | null }
    expect(detail.order.status).toBe('exception')
    expect(detail.hold?.tote).toBe(crate)
  } finally {
    await request.dispose()
  }
})
