/**
 * Issue 31 at the packing station (the desktop project's window): every screen passes axe with no
 * serious or critical violation, colour contrast and label-in-name included. Targets are a
 * handheld's concern and are not measured here. Each test signs in once and walks its screens,
 * as the menu would open them: nothing is written.
 */
import { expect, test, type Page } from '@playwright/test'
import type { ReturnableOrder } from '../../contract/index.ts'
import { axeProblems, openScreen, signInChecked } from './accessibility.ts'
import { apiAs, signIn } from './helpers.ts'

async function checkDesktop(page: Page, where: string) {
  expect.soft(await axeProblems(page), `axe on ${where}`).toEqual([])
}

async function walk(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await openScreen(page, path)
    await checkDesktop(page, path)
  }
}

test('sign-in, home with today’s statistics, print history', async ({ page }) => {
  await signInChecked(page, 'demo', (where) => checkDesktop(page, where))
  await expect(page.getByText(/^Aujourd.hui$/).first()).toBeVisible()
  await walk(page, ['/', '/print-history'])
})

test('the packing station: Expédition, Colis, Bordereau transport, Information commande', async ({
  page,
  request,
}) => {
  const get = await apiAs(request, 'retours')
  const { orders } = await get<{ orders: ReturnableOrder[] }>(
    '/api/client/maison-lumiere/return/search?q=example.com',
  )
  const shipped = orders.find((o) => o.status === 'shipped') as ReturnableOrder
  await signIn(page, 'demo')
  await walk(page, [
    '/warehouse/shipment',
    '/warehouse/packaging',
    '/warehouse/carrier-slip',
    '/warehouse/order-information',
  ])
  await openScreen(page, `/warehouse/order-information/${encodeURIComponent(shipped.name)}`)
  await expect(page.getByTestId('order-status')).toBeVisible()
  await checkDesktop(page, 'order detail')
})

test('the admin area, every section', async ({ page }) => {
  await signIn(page, 'demo')
  await walk(
    page,
    ['users', 'shops', 'computers', 'carriers', 'box-types', 'locations', 'lists', 'audit'].map(
      (section) => `/admin?section=${section}`,
    ),
  )
})
