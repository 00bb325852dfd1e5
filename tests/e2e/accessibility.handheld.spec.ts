/**
 * Issue 31, floor ergonomics: on a 360×640 handheld every screen passes axe (no serious or critical
 * violation, colour contrast included) and every tappable control is at least 48×48 px, a gloved thumb.
 */
import { expect, test } from '@playwright/test'
import { axeProblems, cutLabels, openScreen, SCREENS, signInChecked, smallTargets } from './accessibility.ts'
import { signIn } from './helpers.ts'

async function checkScreen(page: import('@playwright/test').Page, where: string) {
  expect.soft(await axeProblems(page), `axe on ${where}`).toEqual([])
  expect.soft(await smallTargets(page), `targets under 48×48 px on ${where}`).toEqual([])
  expect.soft(await cutLabels(page), `button labels cut on ${where}`).toEqual([])
}

test('the sign-in page: axe and 48 px targets', async ({ page }) => {
  await signInChecked(page, 'demo', (where) => checkScreen(page, where))
})

for (const { path, user } of SCREENS) {
  test(`${path} as ${user}: axe and 48 px targets`, async ({ page }) => {
    await signIn(page, user)
    await openScreen(page, path)
    await checkScreen(page, path)
  })
}

test('the menu drawer and the account drawer: axe and 48 px targets', async ({ page }) => {
  await signIn(page, 'demo')
  await page.getByRole('button', { name: 'Ouvrir le menu' }).tap()
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible()
  await checkScreen(page, 'menu')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeHidden()
  await page.getByRole('button', { name: 'Mon compte' }).tap()
  await expect(page.getByRole('dialog')).toBeVisible()
  await checkScreen(page, 'account drawer')
})
