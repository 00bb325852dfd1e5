/**
 * Issue 31 on the desktop, against the real server: a multi order short-picked into a printed
 * crate (the session through the API, as a handheld would call it), then decided by a supervisor
 * in 'Information commande': the list of short picks names it, its detail says the true reason and
 * its crate, 'Attendre le stock' confirmed puts the picked unit back on its shelf, the order back
 * to ready and frees the crate.
 */
import { expect, test, type APIRequestContext } from '@playwright/test'
import type { PickingSession, PickTask } from '../../contract/index.ts'
import { pickerWithoutSession, productStock, signIn } from './helpers.ts'

const SHOP = 'maison-lumiere'

/** A storage place (aisle-bay-level-position); docks such as EXPEDITION are no shelf to pick from. */
const SHELF = /^[A-E]-\d{2}-\d{2}-\d{2}$/

/** Whether the task's product is on no other shelf than the task's (nowhere to pick it instead). */
async function onlyThere(request: APIRequestContext, task: PickTask): Promise<boolean> {
  const { byLocation } = await productStock(request, SHOP, task.product.sku, 'demo')
  return ![...byLocation].some(([place, qty]) => SHELF.test(place) && place !== task.location && qty > 0)
}

test('a short pick decided in Information commande: wait for stock frees the crate', async ({
  page,
  request,
}) => {
  const headers = await pickerWithoutSession(request, 'demo')
  const post = (url: string, data?: object) => request.post(url, { headers, ...(data && { data }) })

  const crates = await post('/rest/print/box-labels', { count: 1, format: 'zpl' })
  expect(crates.status()).toBe(200)
  const tote = ((await crates.json()) as { boxes: string[] }).boxes[0] as string
  const created = await post('/rest/picking-session/create', {
    shop: SHOP,
    pickingType: 'multi_classic',
    limit: 3,
  })
  expect(created.status()).toBe(200)
  const session = (await created.json()) as PickingSession
  const tasks = [...session.tasks].sort((a, b) => a.sequence - b.sequence)
  // The short task: a product no other shelf holds (else the picker is sent there: re-reserve
  // first), of an order with another unit to put in the crate first.
  const sibling = (task: PickTask) =>
    task.quantity > 1 ? task : tasks.find((x) => x.order === task.order && x.id !== task.id)
  let short: PickTask | undefined
  for (const task of tasks)
    if (sibling(task) && (await onlyThere(request, task))) {
      short = task
      break
    }
  if (!short) throw new Error('No task of the list is a product held on one shelf only')
  const first = sibling(short) as PickTask
  const order = short.order
  const before =
    (await productStock(request, SHOP, first.product.sku, 'demo')).byLocation.get(first.location) ?? 0

  // One unit picked into the crate, then the rest of the order's task declared short.
  const picked = await post(`/rest/picking-session/${session.id}/pick`, {
    taskId: first.id,
    action: 'scan',
    code: first.product.sku,
    tote,
  })
  expect(picked.status(), await picked.text()).toBe(200)
  const shorted = await post(`/rest/picking-session/${session.id}/pick`, {
    taskId: short.id,
    action: 'short',
  })
  expect(shorted.status()).toBe(200)
  expect(((await shorted.json()) as { message: string }).message).toContain(
    `posez la caisse ${tote} sur l'étagère anomalies.`,
  )
  const closed = await post(`/rest/picking-session/${session.id}/close`)
  expect(((await closed.json()) as { summary: { message?: string } }).summary.message).toContain(tote)

  // The supervisor finds it in the list of short picks, reads why, and decides.
  await signIn(page, 'demo', { at: '/warehouse/order-information' })
  await page.getByRole('link', { name: `Ouvrir la commande ${order}` }).click()
  const hold = page.getByTestId('order-hold')
  const missing = short.quantity - (short.id === first.id ? 1 : 0)
  await expect(hold).toContainText(
    `Manquant au prélèvement : ${missing} × ${short.product.sku} à ${short.location}`,
  )
  await expect(hold).toContainText(`Caisse ${tote} : sur l'étagère anomalies.`)
  await hold.getByRole('button', { name: 'Attendre le stock' }).click()
  await hold.getByRole('button', { name: 'Confirmer' }).click()
  await expect(page.getByTestId('order-status')).toHaveText('Prête à préparer')
  await expect(page.getByTestId('order-hold')).toHaveCount(0)

  // The server agrees: the unit is back on its shelf and the crate holds no order any more.
  const after =
    (await productStock(request, SHOP, first.product.sku, 'demo')).byLocation.get(first.location) ?? 0
  expect(after).toBe(before)
  const search = await request.get(`/rest/order/information?q=${tote}`, { headers })
  expect(((await search.json()) as { results: unknown[] }).results).toEqual([])
})
