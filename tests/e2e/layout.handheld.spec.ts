import { expect, test } from '@playwright/test'
import { signIn } from './helpers.ts'

test('on a 360x640 handheld the menu opens from the header and closes after navigating', async ({ page }) => {
  await signIn(page, 'demo')
  const nav = page.getByRole('navigation', { name: 'Menu principal' })
  await expect(nav).toBeHidden()
  await page.getByRole('button', { name: 'Ouvrir le menu' }).tap()
  await expect(nav).toBeVisible()
  await nav.getByRole('link', { name: /Colis/ }).tap()
  await expect(page).toHaveURL(/\/warehouse\/packaging$/)
  await expect(nav).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Colis' })).toBeVisible()
  // Nothing wider than the screen: no sideways scrolling on a handheld.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})
