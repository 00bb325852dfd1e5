/**
 * Issue 31 on a 360×640 handheld: a scan made while the search dialog or a drawer is open closes it
 * and reaches the scan-first screen, with its feedback, and the focus comes back to the scan field
 * (also after closing them by hand). Reads stock only (the transfer is never validated): E-02-01-03
 * holds ML-0087 after the seed (stock.spec.ts).
 */
import { expect, test, type Page } from '@playwright/test'
import { setWedgeGap, signIn, wedge } from './helpers.ts'

const SOURCE = 'E-02-01-03'
const SKU = 'ML-0087'
const NAME = 'Veilleuse terracotta'

/** The feedback kinds given so far ('scan-feedback' events: the tone, vibration and flash). */
const feedback = (page: Page) => page.evaluate(() => (window as unknown as { feedback: string[] }).feedback)

test.beforeEach(async ({ page }) => {
  await setWedgeGap(page)
  await page.addInitScript(() => {
    const kinds: string[] = []
    ;(window as unknown as { feedback: string[] }).feedback = kinds
    window.addEventListener('scan-feedback', (e) =>
      kinds.push((e as CustomEvent<{ kind: string }>).detail.kind),
    )
  })
})

test('a scan with the search or a drawer open reaches the screen, beeps, and the focus comes back', async ({
  page,
}) => {
  await signIn(page, 'stock', { at: '/warehouse/transfer' })
  const source = page.getByLabel('Emplacement source', { exact: true })
  await expect(source).toBeFocused()

  // The search dialog: the scan is not typed into its box, it closes it and is the source.
  await page.getByRole('button', { name: 'Rechercher' }).tap()
  const searchBox = page.getByRole('textbox', { name: 'Rechercher' })
  await expect(searchBox).toBeFocused()
  await wedge(page, SOURCE)
  await expect(searchBox).toBeHidden()
  await expect(page.getByText(`Contenu de ${SOURCE}`, { exact: true })).toBeVisible()
  const product = page.getByLabel('Produit', { exact: true })
  await expect(product).toBeFocused()
  await expect.poll(() => feedback(page)).toEqual(['success'])

  // The navigation drawer.
  await page.getByRole('button', { name: 'Ouvrir le menu' }).tap()
  const menu = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('navigation', { name: 'Menu principal' }) })
  await expect(menu).toBeVisible()
  await wedge(page, SKU)
  await expect(menu).toBeHidden()
  const quantity = page.getByRole('button', { name: `Modifier la quantité de ${NAME}` })
  await expect(quantity).toHaveText('1')
  await expect(product).toBeFocused()
  await expect.poll(() => feedback(page)).toEqual(['success', 'success'])

  // The account drawer.
  await page.getByRole('button', { name: 'Mon compte' }).tap()
  const account = page.getByRole('dialog', { name: 'Mon compte' })
  await expect(account).toBeVisible()
  await wedge(page, SKU)
  await expect(account).toBeHidden()
  await expect(quantity).toHaveText('2')
  await expect(product).toBeFocused()
  await expect.poll(() => feedback(page)).toEqual(['success', 'success', 'success'])

  // Closed by hand, they give the focus back to the scan field too; the search kept nothing.
  await page.getByRole('button', { name: 'Rechercher' }).tap()
  await expect(searchBox).toHaveValue('')
  await page.keyboard.press('Escape')
  await expect(searchBox).toBeHidden()
  await expect(product).toBeFocused()
  await page.getByRole('button', { name: 'Ouvrir le menu' }).tap()
  await expect(menu).toBeVisible()
  await menu.getByRole('button', { name: 'Fermer' }).tap()
  await expect(menu).toBeHidden()
  await expect(product).toBeFocused()
})
