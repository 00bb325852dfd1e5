/**
 * Issue 31, floor ergonomics: on a 360×640 handheld every screen passes axe (no serious or critical
 * violation, colour contrast included) and every tappable control is at least 48×48 px, a gloved thumb.
 */
import { expect, test } from '@playwright/test'
import { checkHandheld, openScreen, SCREENS, signInChecked } from './accessibility.ts'
import { signIn } from './helpers.ts'

test('the sign-in page: axe and 48 px targets', async ({ page }) => {
  await signInChecked(page, 'demo', (where) => checkHandheld(page, where))
})

// One test per user, signed in once, walking their screens: a sign-in per screen doubled the run's time.
for (const user of new Set(SCREENS.map((s) => s.user))) {
  const paths = SCREENS.filter((s) => s.user === user).map((s) => s.path)
  test(`the screens of ${user} (${paths.join(', ')}): axe and 48 px targets`, async ({ page }) => {
    test.setTimeout(20_000 + paths.length * 10_000)
    await signIn(page, user)
    for (const path of paths) {
      await openScreen(page, path)
      await checkHandheld(page, `${path} as ${user}`)
    }
  })
}

test('the menu drawer and the account drawer: axe and 48 px targets', async ({ page }) => {
  await signIn(page, 'demo')
  await page.getByRole('button', { name: 'Ouvrir le menu' }).tap()
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible()
  await checkHandheld(page, 'menu')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeHidden()
  await page.getByRole('button', { name: 'Mon compte' }).tap()
  await expect(page.getByRole('dialog')).toBeVisible()
  await checkHandheld(page, 'account drawer')
})

/**
 * A screen at work, not only as it opens: reception with a line (the quantity stepper, the sticky bar
 * 'Valider la réception' / 'Annuler' whose labels were cut at 360 px), its refusal of an unknown code, and the cancel waiting for its second tap (one red button, not two).
 * Nothing is validated: the server's stock is left as it was.
 */
test('reception with a line open, its notices and a cancel to confirm: axe, 48 px targets, whole labels', async ({
  page,
}) => {
  await signIn(page, 'stock')
  await openScreen(page, '/shop/maison-lumiere/reception')
  const destination = page.getByLabel('Emplacement de réception', { exact: true })
  await destination.fill('E-06-04-03')
  await destination.press('Enter')
  await expect(page.getByText('Destination : E-06-04-03')).toBeVisible()
  const product = page.getByLabel('Produit', { exact: true })
  await product.fill('3760010000014')
  await product.press('Enter')
  await expect(page.getByRole('button', { name: /^Modifier la quantité de / })).toHaveText('1')
  await checkHandheld(page, 'reception with a line')

  await product.fill('XX-INCONNU-42')
  await product.press('Enter')
  await expect(page.getByText(/XX-INCONNU-42/).first()).toBeVisible()
  await checkHandheld(page, 'reception after an unknown code')

  await page.getByRole('button', { name: 'Annuler', exact: true }).tap()
  const confirm = page.getByRole('button', { name: 'Confirmer l’annulation' })
  await expect(confirm).toBeVisible()
  await checkHandheld(page, 'reception, cancel to confirm')
  // The one red button is the cancel being confirmed; 'Valider la réception' is not red beside it.
  // The tap that opened the question leaves the emulated pointer over the button now under it,
  // so the cancel may show its hover shade: red either way.
  const validate = page.getByRole('button', { name: 'Valider la réception' })
  const background = (l: typeof validate) => l.evaluate((e) => getComputedStyle(e).backgroundColor)
  const RED = ['rgb(201, 42, 42)', 'rgb(176, 37, 37)']
  expect(RED).toContain(await background(confirm))
  for (const red of [...RED, 'rgb(215, 25, 33)']) expect(await background(validate)).not.toBe(red)
})
