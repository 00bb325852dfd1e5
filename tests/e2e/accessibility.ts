/**
 * The accessibility checks of every screen (issue 31): axe's rules, and the size of what a gloved
 * thumb taps on a handheld. Shared by the handheld and desktop specs.
 */
import { createRequire } from 'node:module'
import { expect, type Page } from '@playwright/test'
import type { AxeResults, RunOptions } from 'axe-core'

/**
 * axe-core's source, the very copy @axe-core/playwright injects (resolved from its folder). Its
 * AxeBuilder injected those 1.5 MB again on every check, then ran axe.runPartial and finished in a new
 * blank page (one more page, one more injection): ~4 s a screen on a loaded machine, against ~1 s for
 * the same axe.run in the page itself. The page has no frames, so the partial run bought nothing.
 */
const axeSource = (
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as {
    source: string
  }
).source

/** The page's window once axe-core is injected. */
interface AxeWindow {
  axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> }
}

/**
 * Every screen of docs/specification.md §2.1 (and the app's own extra screens), with the user who opens it: `demo`
 * holds every role and shop, `stock` is the handheld user whose home page lists their tasks.
 */
export const SCREENS: { path: string; user: string; heading?: string }[] = [
  { path: '/', user: 'demo' },
  { path: '/', user: 'stock' },
  { path: '/shop/maison-lumiere/reception', user: 'stock' },
  { path: '/shop/maison-lumiere/product-information', user: 'stock' },
  { path: '/shop/maison-lumiere/rebut', user: 'stock' },
  { path: '/warehouse/inventory', user: 'stock' },
  { path: '/warehouse/transfer', user: 'stock' },
  { path: '/warehouse/location-information', user: 'stock' },
  { path: '/warehouse/picking', user: 'demo' },
  { path: '/warehouse/picking/maison-lumiere', user: 'demo' },
  { path: '/warehouse/picking-session', user: 'preparateur' },
  { path: '/warehouse/shipment', user: 'expedition' },
  { path: '/warehouse/packaging', user: 'expedition' },
  { path: '/warehouse/carrier-slip', user: 'expedition' },
  { path: '/warehouse/order-information', user: 'demo' },
  { path: '/warehouse/order-return', user: 'retours' },
  { path: '/warehouse/print-box', user: 'demo' },
  { path: '/warehouse/print-location', user: 'demo' },
  { path: '/print-history', user: 'demo' },
  { path: '/outbox', user: 'demo' },
  { path: '/scanner', user: 'demo' },
  { path: '/admin', user: 'demo' },
]

/** Signs in through the form as `user` (the sign-in page itself is checked on the way). */
export async function signInChecked(page: Page, user: string, check: (where: string) => Promise<void>) {
  await page.goto('/login')
  await expect(page.getByLabel('Identifiant')).toBeVisible()
  await check('/login')
  await page.getByLabel('Identifiant').fill(user)
  await page.getByLabel('Mot de passe').fill(user)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page.getByRole('button', { name: 'Mon compte' })).toBeVisible()
}

/**
 * Opens `path` and waits until its screen has settled. Inside a signed-in app it moves there as the
 * menu does, without loading the page again (a full load per screen was a third of these walks'
 * time): a history entry, which the router follows.
 */
export async function openScreen(page: Page, path: string): Promise<void> {
  const inApp = await page
    .getByRole('button', { name: 'Mon compte' })
    .isVisible()
    .catch(() => false)
  const here = new URL(page.url())
  if (inApp && `${here.pathname}${here.search}` === path) {
    // Already there (signed in on the home page): nothing to move.
  } else if (inApp) {
    const before = await page.evaluate((to) => {
      // What the screen shows now is marked: a URL changed without the router would leave it all
      // there, and the checks would pass on the screen before.
      const shown = document.querySelectorAll('main *')
      shown.forEach((element) => element.setAttribute('data-screen-before', ''))
      // The router follows history.pushState (it wraps it), as it follows the back button.
      history.pushState(null, '', to)
      return shown.length
    }, path)
    await expect
      .poll(() => page.locator('main [data-screen-before]').count(), { message: `the router opened ${path}` })
      .toBeLessThan(before)
  } else {
    await page.goto(path)
  }
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path)
  await expect(page.locator('main, [role="main"]').first()).toBeVisible()
  // Lazy screens show a loader first; their queries answer from the local server in well under a second.
  await expect(page.locator('.minimal-Loader-root:visible')).toHaveCount(0, { timeout: 10_000 })
  await page.waitForLoadState('networkidle')
}

/**
 * axe's serious and critical violations, one readable line per rule and element. axe's own default
 * run (WCAG 2.0/2.1 A and AA and its best practices, colour contrast included), as axe DevTools runs
 * it; axe 4.14's default run includes label-in-name (WCAG 2.5.3, rule 'label-content-name-mismatch'):
 * a worker with voice control says what the button shows, so its accessible name holds its visible text.
 */
export async function axeProblems(page: Page): Promise<string[]> {
  // axe runs in the page only: a frame would need axe injected into it as well.
  expect(page.frames(), 'frames in the page').toHaveLength(1)
  // Injected once per document: a check of a second state of the same screen reuses it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  // Violations only: axe then skips detailing the passes, ~10 % of a run on every screen.
  const options: RunOptions = { resultTypes: ['violations'] }
  const results = await page.evaluate(
    (runOptions) => (window as unknown as AxeWindow).axe.run(document, runOptions),
    options,
  )
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${v.id} (${v.impact}): ${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ') ?? v.help}`,
      ),
    )
}

/** A handheld screen as it stands: axe, 48×48 px targets and whole button labels (soft: every problem listed). */
export async function checkHandheld(page: Page, where: string): Promise<void> {
  expect.soft(await axeProblems(page), `axe on ${where}`).toEqual([])
  expect.soft(await smallTargets(page), `targets under 48×48 px on ${where}`).toEqual([])
  expect.soft(await cutLabels(page), `button labels cut on ${where}`).toEqual([])
}

/** A control a finger taps, as the page lays it out. */
interface Target {
  what: string
  width: number
  height: number
}

/**
 * Every visible tappable control smaller than `min`×`min` CSS px: buttons, fields, selects, links
 * drawn as buttons, and the tappable row of a checkbox, radio or switch (its input is drawn small
 * inside a label that toggles it). Links inside running text are not targets of their own (WCAG 2.5.8).
 */
export async function smallTargets(page: Page, min = 48): Promise<string[]> {
  const targets = await page.evaluate(() => {
    const selector = [
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      '[role="button"]',
      '[role="combobox"]',
      '[role="switch"]',
      '[role="tab"]',
      'a.minimal-Button-root',
      'a.minimal-ActionIcon-root',
      'a.minimal-NavLink-root',
    ].join(',')
    const found: { what: string; width: number; height: number }[] = []
    const seen = new Set<Element>()
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      // Not skipped when aria-hidden: Mantine's number steppers are hidden from screen readers, not from thumbs.
      if (element.closest('[inert]')) continue
      const input = element instanceof HTMLInputElement ? element : null
      // A checkbox, radio or switch is tapped through its whole row (box and label).
      const tapped =
        input && /^(checkbox|radio)$/.test(input.type)
          ? (input.closest('label') ??
            input.closest<HTMLElement>(
              '.minimal-Checkbox-body, .minimal-Radio-body, .minimal-Switch-body, .minimal-Chip-root',
            ) ??
            input)
          : element
      if (seen.has(tapped)) continue
      seen.add(tapped)
      const style = getComputedStyle(tapped)
      if (style.visibility === 'hidden' || style.display === 'none') continue
      const box = tapped.getBoundingClientRect()
      // Visually hidden helpers (1 px, clipped) are not drawn.
      if (box.width <= 2 || box.height <= 2) continue
      if (!tapped.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue
      const name =
        tapped.getAttribute('aria-label') ??
        (tapped.textContent?.trim() ||
          tapped.getAttribute('placeholder') ||
          (input?.labels?.[0]?.textContent ?? '') ||
          tapped.getAttribute('title') ||
          '')
      found.push({
        what: `<${tapped.tagName.toLowerCase()}${input ? ` type=${input.type}` : ''}> « ${name.slice(0, 40)} »`,
        width: Math.round(box.width * 10) / 10,
        height: Math.round(box.height * 10) / 10,
      })
    }
    return found
  })
  return targets
    .filter((t: Target) => t.width < min - 0.5 || t.height < min - 0.5)
    .map((t: Target) => `${t.what} ${t.width}×${t.height}`)
}

/** Buttons whose words do not fit (Mantine cuts a label that overflows: 'Valider la réceptio'). */
export async function cutLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.minimal-Button-label'))
      .filter((label) => label.checkVisibility() && label.getBoundingClientRect().width > 0)
      .filter(
        (label) => label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1,
      )
      .map((label) => `« ${label.textContent?.trim()} » ${label.clientWidth}/${label.scrollWidth} px`),
  )
}
