import { expect, test } from '@playwright/test'
import { menuTitles, signIn, signInThroughForm, tokenWithExp } from './helpers.ts'

const ACCESS_ERROR = 'Une erreur est survenue. Impossible de charger les paramètres.'

// What docs/specification.md §2.4/§6 give each demo account on a non-development host (127.0.0.1: no 'Picking scan').
const MENUS: Record<string, string[]> = {
  demo: [
    'Picking',
    'Expédition',
    'Colis',
    'Bordereau transport',
    'Transfert / Rangement',
    'Information commande',
    'Retour',
    'Impression emplacement',
    'Impression caisse',
  ],
  preparateur: ['Picking'],
  expedition: ['Expédition', 'Colis', 'Bordereau transport', 'Impression emplacement', 'Impression caisse'],
  stock: ['Transfert / Rangement'],
  retours: ['Information commande', 'Retour'],
  debug: ['Picking', 'Information commande'],
}

for (const [account, menu] of Object.entries(MENUS)) {
  // @loopback: also run on a machine with no network route (scripts/test.mjs, issue 16).
  const tag = account === 'demo' ? ' @loopback' : ''
  test(`${account} sees exactly the menu its roles give${tag}`, async ({ page }) => {
    // The form once, on the no-route machine too; the others start signed in.
    await (tag ? signInThroughForm(page, account) : signIn(page, account))
    const titles = await menuTitles(page)
    // The home item comes first; then the warehouse items in the specification order.
    expect(titles.filter((t) => t !== 'Home')).toEqual(menu)
    await expect(page.getByRole('button', { name: 'Mode débug activé' })).toHaveCount(
      account === 'debug' ? 1 : 0,
    )
  })
}

test('an account without warehouse access gets no warehouse menu and is refused warehouse screens', async ({
  page,
}) => {
  await signIn(page, 'boutique')
  expect((await menuTitles(page)).filter((t) => t !== 'Home')).toEqual([])
  await page.goto('/warehouse/picking')
  await expect(page.getByText(ACCESS_ERROR)).toBeVisible()
})

test('wrong credentials show the French message and stay on /login', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Identifiant').fill('demo')
  await page.getByLabel('Mot de passe').fill('pas-le-bon')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page.getByRole('alert')).toHaveText('Identifiant ou mot de passe incorrect.')
  await expect(page).toHaveURL(/\/login/)
})

test('an expired stored token is cleared at start and lands on /login', async ({ page }) => {
  const expired = tokenWithExp(Math.floor(Date.now() / 1000) - 60)
  await page.addInitScript((token) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', JSON.stringify(token))
      sessionStorage.setItem('seeded', '1')
    }
  }, expired)
  await page.goto('/warehouse/shipment')
  await expect(page).toHaveURL(/\/login/)
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
})

test('the token is stored JSON-quoted and a deep link survives sign-in', async ({ page }) => {
  await page.goto('/warehouse/packaging')
  await expect(page).toHaveURL(/\/login\?redirect=/)
  await page.getByLabel('Identifiant').fill('demo')
  await page.getByLabel('Mot de passe').fill('demo')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).toHaveURL(/\/warehouse\/packaging$/)
  await expect(page.getByRole('heading', { name: 'Colis' })).toBeVisible()
  const stored = await page.evaluate(() => localStorage.getItem('token'))
  expect(stored).toMatch(/^"[\w-]+\.[\w-]+\.[\w-]+"$/)
})

test('logout from the account drawer lands on /login, and other tabs follow', async ({ page, context }) => {
  await signIn(page, 'demo')
  const other = await context.newPage()
  await other.goto('/warehouse/transfer')
  await expect(other.getByRole('heading', { name: 'Transfert / Rangement' })).toBeVisible()

  await page.getByRole('button', { name: 'Mon compte' }).click()
  await page.getByRole('button', { name: 'Déconnexion' }).click()
  await expect(page).toHaveURL(/\/login/)
  await expect(other).toHaveURL(/\/login/)
})

test('a shop slug outside the user shops shows the error text', async ({ page }) => {
  await signIn(page, 'demo', { at: '/shop/boutique-inconnue/reception' })
  await expect(page.getByText(ACCESS_ERROR)).toBeVisible()
  await page.goto('/shop/maison-lumiere/reception')
  await expect(page.getByRole('heading', { name: 'Réception' })).toBeVisible()
})

test('Cmd+K opens the search, which finds Colis and goes there', async ({ page }) => {
  await signIn(page, 'demo')
  await page.keyboard.press('Meta+k')
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Please enter keywords')).toBeVisible()
  await dialog.getByRole('textbox').fill('colis')
  await dialog.getByText('/warehouse/packaging').click()
  await expect(page).toHaveURL(/\/warehouse\/packaging$/)
  await expect(page.getByRole('heading', { name: 'Colis' })).toBeVisible()
})
