/**
 * Issue 31 on a 360x640 touch handheld, against the real server and its seeded slips: 'Clôturer'
 * with one parcel of the slip left unscanned asks 'avec les N colis chargés / tous / Continuer' in
 * a dialog inside the screen (not far down the page), its buttons whole and 48 px tall; a tap on
 * 'Clôturer avec les N colis chargés' closes the slip on the server with exactly those parcels,
 * and the unscanned one waits on the group's next slip. (The desktop 1366x768 window is
 * carrier-slip-close.spec.ts.)
 */
import { expect, request as playwrightRequest, test } from '@playwright/test'
import type { CarrierSlipGroup } from '../../contract/index.ts'
import { apiAs, setWedgeGap, signIn, wedge } from './helpers.ts'

const QUESTION = 'Clôturer ce bordereau avec quels colis ?'
const serverUrl = `http://127.0.0.1:${process.env.E2E_PORT ?? 18_080}`

test.use({ serviceWorkers: 'block' })
test.describe.configure({ timeout: 120_000 })

test('handheld 360x640: the close question is inside the screen, and a tap closes with the parcels loaded', async ({
  page,
}) => {
  const request = await playwrightRequest.newContext({ baseURL: serverUrl })
  try {
    const get = await apiAs(request, 'expedition')
    const list = async () =>
      (await get<{ groups: CarrierSlipGroup[] }>('/rest/warehouse/carrier-slip/list')).groups
    // The seeded slip with the most parcels waiting (two at least: one is left unscanned).
    const group = (await list()).sort((a, b) => b.parcelCount - a.parcelCount)[0] as CarrierSlipGroup
    expect(group.parcelCount).toBeGreaterThanOrEqual(2)
    const [left, ...loaded] = group.parcels.map((p) => p.trackingNumber) as [string, ...string[]]

    await setWedgeGap(page)
    await signIn(page, 'expedition')
    await page.goto('/warehouse/carrier-slip')
    await page.getByRole('button', { name: `Ouvrir ${group.group.name}` }).tap()
    await expect(page.getByRole('textbox', { name: 'Colis', exact: true })).toBeFocused()
    for (const [i, code] of loaded.entries()) {
      await wedge(page, code)
      await expect(page.getByTestId('loaded-count')).toHaveText(new RegExp(`^${i + 1} / \\d+ chargés$`))
    }

    await page.getByRole('button', { name: 'Clôturer', exact: true }).tap()
    const dialog = page.getByRole('dialog', { name: QUESTION })
    await expect(dialog).toBeInViewport({ ratio: 1 })
    const n = loaded.length
    const withLoaded = dialog.getByRole('button', {
      name: n > 1 ? `Clôturer avec les ${n} colis chargés` : 'Clôturer avec le colis chargé',
    })
    const choices = [
      withLoaded,
      dialog.getByRole('button', { name: /^Clôturer avec tous les colis \(\d+\)$/ }),
      dialog.getByRole('button', { name: 'Continuer le chargement' }),
    ]
    await expect(withLoaded).toBeFocused()
    for (const choice of choices) {
      await expect(choice).toBeInViewport({ ratio: 1 })
      const box = (await choice.boundingBox())!
      expect(box.height).toBeGreaterThanOrEqual(48)
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(360)
    }

    await withLoaded.tap()
    await expect(dialog).toBeHidden()
    const closed = page.getByTestId('closed-slip')
    await expect(closed.getByText(`Bordereau ${group.slip.number} clôturé`)).toBeVisible({ timeout: 20_000 })
    // The server agrees: the slip closed with the parcels loaded; the one left waits on the next.
    const after = (await list()).find((g) => g.group.code === group.group.code) as CarrierSlipGroup
    expect(after.slip.number).not.toBe(group.slip.number)
    const waiting = after.parcels.map((p) => p.trackingNumber)
    expect(waiting).toContain(left)
    for (const code of loaded) expect(waiting).not.toContain(code)
  } finally {
    await request.dispose()
  }
})
