/**
 * Issue 31 on a 360×640 handheld: the stock worker's home page starts with their own tasks
 * (Réception, Inventaire, Transfert, Rebut, though the specification keeps three of them out of the menu), and
 * says what waits: a reception kept on the device, to resume. Nothing is sent to the server (the
 * reception stays a draft of this browser).
 */
import { expect, test } from '@playwright/test'
import { menuTitles, setWedgeGap, signIn, wedge } from './helpers.ts'

test.beforeEach(({ page }) => setWedgeGap(page))

test("the stock worker's home page puts their tasks first, and a waiting reception draft", async ({
  page,
}) => {
  await signIn(page, 'stock')
  const tasks = page.getByRole('heading', { name: 'Mes tâches' })
  await expect(tasks).toBeVisible()
  // The first screen holds the tasks: 'Réception' in each shop, 'Inventaire', then the rest just below.
  const reception = page.getByRole('link', { name: 'Réception · Atelier Vélo' })
  await expect(reception).toBeVisible()
  for (const name of ['Réception · Maison Lumière', 'Réception · Atelier Vélo']) {
    const box = await page.getByRole('link', { name }).boundingBox()
    expect(box && box.y + box.height).toBeLessThanOrEqual(640)
  }
  for (const name of ['Inventaire', 'Transfert / Rangement', 'Rebut · Papeterie du Port']) {
    const box = await page.getByRole('link', { name, exact: true }).first().boundingBox()
    expect(box && box.y).toBeLessThan(1200)
  }
  // The specification's menu is unchanged: only 'Transfert' there.
  await page.getByRole('button', { name: 'Ouvrir le menu' }).tap()
  expect(await menuTitles(page)).toEqual(['Home', 'Transfert / Rangement'])
  await page.keyboard.press('Escape')

  // A reception started, not validated: the home page offers to resume it.
  await reception.tap()
  await expect(page.getByLabel('Emplacement de réception', { exact: true })).toBeFocused()
  await wedge(page, 'A-06-04-01')
  await expect(page.getByText('Destination : A-06-04-01')).toBeVisible()
  await wedge(page, 'AV-0003')
  await expect(page.getByText('1 ligne, 1 article', { exact: true })).toBeVisible()
  await page.goto('/')
  const resume = page.getByRole('link', { name: 'Reprendre : Réception · Atelier Vélo' })
  await expect(resume).toBeVisible()
  const box = await resume.boundingBox()
  expect(box && box.y + box.height).toBeLessThanOrEqual(640)
  await resume.tap()
  await expect(page).toHaveURL(/\/shop\/atelier-velo\/reception$/)
  await expect(page.getByText('1 ligne, 1 article', { exact: true })).toBeVisible()
})
