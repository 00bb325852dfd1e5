/**
 * Issue 31 in the browser: an inventory counted offline that the real server refuses when the
 * outbox replays it is a card on the Inventaire screen, not only the header's badge. 'Reprendre'
 * gives the counts back in the form; 'Abandonner' takes the write out of the outbox. Nothing here
 * changes the server's stock: the count names a product no shop has.
 */
import { expect, test, type Page } from '@playwright/test'
import { signIn } from './helpers.ts'

const LOCATION = 'C-01-01-01'
const UNKNOWN = 'INCONNU-31'

async function scan(page: Page, field: string, code: string) {
  const input = page.getByLabel(field, { exact: true })
  await input.fill(code)
  await input.press('Enter')
}

test('an offline count refused on replay: a card on Inventaire, its counts taken back, then abandoned', async ({
  page,
  context,
}) => {
  await signIn(page, 'stock', { at: '/warehouse/inventory' })
  await expect(page.getByLabel('Emplacement à compter', { exact: true })).toBeVisible()

  await context.setOffline(true)
  await scan(page, 'Emplacement à compter', LOCATION)
  await expect(page.getByText(`Emplacement : ${LOCATION} · non vérifié (hors ligne)`)).toBeVisible()
  await scan(page, 'Produit', UNKNOWN)
  await scan(page, 'Produit', UNKNOWN)
  await page.getByRole('button', { name: 'Valider l’inventaire' }).click()
  await page.getByRole('button', { name: 'Confirmer : baisser le stock' }).click()
  await expect(page.getByText('en attente d’envoi')).toBeVisible()
  await expect(page.getByTestId('refused-writes')).toBeHidden()

  // Back online: the outbox replays the count and the server refuses it.
  await context.setOffline(false)
  const label = `Inventaire ${LOCATION} · 1 ligne, 2 articles`
  const card = page.getByTestId('refused-writes')
  await expect(card.getByText(`Refusé par le serveur : ${label}`)).toBeVisible({ timeout: 20_000 })
  await expect(card).toBeInViewport()

  // Taken back: the count is in the form again, with the server's word on its line.
  await card.getByRole('button', { name: `Reprendre « ${label} »` }).click()
  await expect(page.getByText(`Emplacement : ${LOCATION}`, { exact: false }).first()).toBeVisible()
  await expect(page.getByTestId('flow-line').filter({ hasText: UNKNOWN })).toBeVisible()
  await expect(page.getByTestId('refused-writes')).toBeHidden()

  // Dropped from the form: the refusal is offered again, and abandoned for good.
  await page.getByRole('button', { name: 'Annuler' }).click()
  await page.getByRole('button', { name: 'Confirmer l’annulation' }).click()
  await card.getByRole('button', { name: `Abandonner « ${label} »` }).click()
  await card.getByRole('button', { name: 'Abandonner définitivement' }).click()
  await expect(page.getByTestId('refused-writes')).toBeHidden()
  await expect(page.getByTestId('outbox-indicator')).toBeHidden()
})
