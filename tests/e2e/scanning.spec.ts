import { expect, test, type Page } from '@playwright/test'
import { setWedgeGap, signIn, wedge } from './helpers.ts'

/**
 * The feedback each scan gave: its kind, and the kind the flash showed at that very moment (the
 * flash lasts 250 ms, too short to be sure to catch by polling the page).
 */
async function recordFeedback(page: Page) {
  await page.evaluate(() => {
    const seen: string[][] = []
    ;(window as unknown as { feedback: string[][] }).feedback = seen
    window.addEventListener('scan-feedback', (event) => {
      const { kind } = (event as CustomEvent<{ kind: string }>).detail
      const flash = document.querySelector<HTMLElement>('[data-testid="scan-flash"]')
      seen.push([kind, flash && !flash.hidden ? (flash.dataset.kind ?? '') : 'none'])
    })
  })
  return () => page.evaluate(() => (window as unknown as { feedback: string[][] }).feedback)
}

/** Opens the diagnostics screen with these wedge timings (see setWedgeGap for why they are raised). */
async function openDiagnostics(page: Page, maxGapMs: number) {
  await setWedgeGap(page, maxGapMs)
  await signIn(page, 'preparateur')
  await page.getByRole('button', { name: 'Mon compte' }).click()
  await page.getByRole('link', { name: 'Diagnostic scanner' }).click()
  await expect(page.getByRole('heading', { name: 'Diagnostic scanner' })).toBeVisible()
}

// The scanner's default timings (keys at most 50 ms apart): wedge() stamps each key 5 ms after the
// one before, as a scanner does, however long the browser takes to handle them on a loaded machine.
test('a wedge burst at 5 ms per key is a scan, with success feedback', async ({ page }) => {
  await openDiagnostics(page, 50)
  const field = page.getByLabel('Zone de test')
  await expect(field).toBeFocused()
  const feedback = await recordFeedback(page)
  await wedge(page, '3760010000014')
  await expect.poll(feedback).toEqual([['success', 'success']])
  await expect(page.getByText('GTIN : 03760010000014')).toBeVisible()
  // The field is empty and still focused, ready for the next scan.
  await expect(field).toHaveValue('')
  await expect(field).toBeFocused()
})

test('a wrong check digit is a warning, not a silent accept', async ({ page }) => {
  await openDiagnostics(page, 50)
  await expect(page.getByLabel('Zone de test')).toBeFocused()
  const feedback = await recordFeedback(page)
  await wedge(page, '3760010000015')
  await expect.poll(feedback).toEqual([['warning', 'warning']])
  await expect(page.getByText(/contrôle invalide/)).toBeVisible()
})

test('slow typing by hand stays typing', async ({ page }) => {
  // 120 ms a key: over the 50 ms gap of a scanner's burst.
  await openDiagnostics(page, 50)
  await expect(page.getByLabel('Zone de test')).toBeFocused()
  await page.keyboard.type('A-01-02-03', { delay: 120 })
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('wedge-verdict')).toHaveText(/^Saisie manuelle/)
})
