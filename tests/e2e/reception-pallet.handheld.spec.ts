/**
 * Issue 31, reception's next pallet (commit 161b39d), on a 360×640 handheld against the real server:
 * after 'Valider', the next pallet's location scanned at the product step is the new destination
 * (not 'Produit inconnu'), and the next product lands there; with a line open, the location is asked
 * first (scanned again to confirm) and the open line keeps its own. Shop 'green-cosmetics', aisle A
 * bay 06 level 04: no other spec writes there; stock asserted as differences.
 */
import { expect, request as playwrightRequest, test } from '@playwright/test'
import { productStock, setWedgeGap, signIn, wedge } from './helpers.ts'

const SHOP = 'green-cosmetics'
const SKU = 'GC-0021'
const [FIRST, NEXT, THIRD] = ['A-06-04-01', 'A-06-04-02', 'A-06-04-03']
const serverUrl = `http://127.0.0.1:${process.env.E2E_PORT ?? 18_080}`

async function stock(): Promise<Map<string, number>> {
  const request = await playwrightRequest.newContext({ baseURL: serverUrl })
  try {
    return (await productStock(request, SHOP, SKU)).byLocation
  } finally {
    await request.dispose()
  }
}

test.beforeEach(({ page }) => setWedgeGap(page))

test("reception: the next pallet's location at the product step becomes the destination", async ({
  page,
}) => {
  test.setTimeout(90_000)
  const before = await stock()
  const at = (map: Map<string, number>, location: string) => map.get(location) ?? 0
  await signIn(page, 'stock', { at: `/shop/${SHOP}/reception` })
  await expect(page.getByLabel('Emplacement de réception', { exact: true })).toBeFocused()
  await wedge(page, FIRST)
  await expect(page.getByText(`Destination : ${FIRST}`)).toBeVisible()
  await wedge(page, SKU)
  await expect(page.getByText('1 ligne, 1 article', { exact: true })).toBeVisible()
  const validate = page.getByRole('button', { name: 'Valider la réception' })
  await validate.tap()
  await expect(page.getByText('Envoyée au serveur.')).toBeVisible()

  // The next pallet: its location, scanned where a product is expected, is the destination.
  const product = page.getByLabel('Produit', { exact: true })
  await expect(product).toBeFocused()
  await wedge(page, NEXT)
  await expect(page.getByText(`Destination : ${NEXT}`)).toBeVisible()
  await expect(page.getByText(/Produit inconnu/)).toHaveCount(0)
  await wedge(page, SKU)
  // (The last reception's card says the same of the one before: the open list is the first.)
  await expect(page.getByText('1 ligne, 1 article', { exact: true }).first()).toBeVisible()

  // With a line open, another location is asked first; scanned again, it is the destination.
  await wedge(page, THIRD)
  await expect(
    page.getByText(new RegExp(`${THIRD} est un emplacement : scannez-le de nouveau`)),
  ).toBeVisible()
  await expect(page.getByText(`Destination : ${NEXT}`)).toBeVisible()
  await wedge(page, THIRD)
  await expect(page.getByText(`Destination : ${THIRD}`)).toBeVisible()
  await wedge(page, SKU)
  await validate.tap()
  await expect(page.getByText('Envoyée au serveur.')).toBeVisible()

  // The server: one unit in each of the three places, the open line kept its own.
  await expect.poll(async () => at(await stock(), THIRD)).toBe(at(before, THIRD) + 1)
  const after = await stock()
  expect(at(after, FIRST)).toBe(at(before, FIRST) + 1)
  expect(at(after, NEXT)).toBe(at(before, NEXT) + 1)
})
