/**
 * The slip close question against the real server and its seeded slips, at any window size (issue
 * 31): one parcel of the slip left unscanned, 'Clôturer' asks in a dialog inside the window, its
 * choices whole and 48 px tall; 'Clôturer avec les N colis chargés' closes the slip on the server
 * with exactly those parcels, the one left waiting on the group's next slip. Only seeded parcels
 * the test scanned are closed: a parcel another test labels meanwhile stays where it is.
 */
import { expect, request as playwrightRequest, type Page } from '@playwright/test'
import type { CarrierSlipGroup } from '../../contract/index.ts'
import { apiAs, setWedgeGap, signIn, wedge } from './helpers.ts'

const QUESTION = 'Clôturer ce bordereau avec quels colis ?'
const serverUrl = `http://127.0.0.1:${process.env.E2E_PORT ?? 18_080}`

/**
 * `rank`: which group by parcels waiting (0 the most), so the desktop and handheld runs each close
 * their own; `tap`: a touch screen's gesture rather than a click.
 */
export async function closeWithLoaded(page: Page, { rank, tap }: { rank: number; tap: boolean }) {
  const request = await playwrightRequest.newContext({ baseURL: serverUrl })
  try {
    const get = await apiAs(request, 'expedition')
    const list = async () =>
      (await get<{ groups: CarrierSlipGroup[] }>('/rest/warehouse/carrier-slip/list')).groups
    const group = (await list()).sort((a, b) => b.parcelCount - a.parcelCount)[rank] as CarrierSlipGroup
    expect(group.parcelCount).toBeGreaterThanOrEqual(2)
    const [left, ...loaded] = group.parcels.map((p) => p.trackingNumber) as [string, ...string[]]
    const press = (locator: ReturnType<Page['getByRole']>) => (tap ? locator.tap() : locator.click())
    const { width, height } = page.viewportSize()!

    await setWedgeGap(page)
    await signIn(page, 'expedition', { at: '/warehouse/carrier-slip' })
    await press(page.getByRole('button', { name: `Ouvrir ${group.group.name}` }))
    await expect(page.getByRole('textbox', { name: 'Colis', exact: true })).toBeFocused()
    for (const [i, code] of loaded.entries()) {
      await wedge(page, code)
      await expect(page.getByTestId('loaded-count')).toHaveText(new RegExp(`^${i + 1} / \\d+ chargés$`))
    }

    await press(page.getByRole('button', { name: 'Clôturer', exact: true }))
    const dialog = page.getByRole('dialog', { name: QUESTION })
    await expect(dialog).toBeInViewport({ ratio: 1 })
    const n = loaded.length
    const withLoaded = dialog.getByRole('button', {
      name: n > 1 ? `Clôturer avec les ${n} colis chargés` : 'Clôturer avec le colis chargé',
    })
    await expect(withLoaded).toBeFocused()
    for (const choice of [
      withLoaded,
      dialog.getByRole('button', { name: /^Clôturer avec tous les colis \(\d+\)$/ }),
      dialog.getByRole('button', { name: 'Continuer le chargement' }),
    ]) {
      await expect(choice).toBeInViewport({ ratio: 1 })
      const box = (await choice.boundingBox())!
      expect(box.height).toBeGreaterThanOrEqual(48)
      expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height).toBe(
        true,
      )
    }

    await press(withLoaded)
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
}
