import { expect, test } from '@playwright/test'
import { apiAs, signIn } from './helpers'

/** An order of the demo data, found through the API (not the app under test) by a product it holds. */
async function anOrderName(get: Awaited<ReturnType<typeof apiAs>>): Promise<string> {
  for (const sku of ['ML-0001', 'ML-0002', 'ML-0003', 'ML-0004', 'ML-0005']) {
    const { results } = await get<{ results: { name: string }[] }>(`/rest/order/information?q=${sku}`)
    if (results[0]) return results[0].name
  }
  throw new Error('no demo order holds ML-0001 to ML-0005')
}

test('the global search finds an order typed into it and opens Information commande', async ({
  page,
  request,
}) => {
  const order = await anOrderName(await apiAs(request, 'demo'))
  await signIn(page, 'demo')
  await page.keyboard.press('Meta+k')
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Please enter keywords')).toBeVisible()
  // As typed on a handheld's keyboard: lower case.
  await dialog.getByRole('textbox').fill(order.toLowerCase())
  const found = dialog.getByRole('option', { name: new RegExp(`Commande ${order}`) })
  await expect(found).toBeVisible()
  await expect(found).toContainText('Information commande')
  await found.click()
  await expect(page).toHaveURL(new RegExp(`/warehouse/order-information/${order}$`))
  await expect(page.getByText(order).first()).toBeVisible()
})

test('a code entered with Enter at once, as a scanner does, opens what it names', async ({ page }) => {
  await signIn(page, 'demo')
  await page.keyboard.press('Meta+k')
  const box = page.getByRole('dialog').getByRole('textbox')
  await box.fill('E-03-01-01')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/warehouse\/location-information\?name=E-03-01-01$/)
  await expect(page.getByRole('dialog')).toBeHidden()
})

test('the screens are still found by their titles, with SPEC texts when nothing matches', async ({
  page,
}) => {
  await signIn(page, 'demo')
  await page.keyboard.press('Meta+k')
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox').fill('zzzz')
  await expect(dialog.getByText('Not found')).toBeVisible()
  await expect(
    dialog.getByText('No results found for "zzzz". Try checking for typos or using complete words.'),
  ).toBeVisible()
})
