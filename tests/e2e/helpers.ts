import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { pdfTexts } from '../../server/testing/pdf-text.ts'

/**
 * Signs in through the real form, as a person would: for the tests about signing in (session.spec,
 * admin.spec's new user, the no-route and LAN runs). Other tests use signIn.
 */
export async function signInThroughForm(page: Page, username: string, password = username): Promise<void> {
  await page.goto('/login')
  await page.getByLabel('Identifiant').fill(username)
  await page.getByLabel('Mot de passe').fill(password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).not.toHaveURL(/\/login/)
  await signedInShown(page)
}

/** A blank page of the app's origin, answered by the browser test itself: never the server's. */
const BLANK = '/__e2e-blank'

/**
 * Opens `at` (the home page by default) signed in as `username`, as a device that signed in
 * before: the sign-in call made from a page of the app's origin (through the browser, so a LAN
 * name resolves as the app's own calls do), its token kept where the app keeps it
 * (src/lib/session/token-store.ts), then the app opened. Not the form: loading /login first was
 * one more load of the whole app in each test (~1 s of the browser's CPU on two busy cores), and
 * the form has tests of its own (signInThroughForm).
 */
export async function signIn(
  page: Page,
  username: string,
  { password = username, at = '/' }: { password?: string; at?: string } = {},
): Promise<void> {
  // A blank document, so that no app script runs before the token is there.
  await page.route(BLANK, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }))
  await page.goto(BLANK)
  await page.unroute(BLANK)
  const status = await page.evaluate(
    async ({ username, password }) => {
      const answer = await fetch('/rest/login_check', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      })
      if (answer.ok)
        localStorage.setItem('token', JSON.stringify(((await answer.json()) as { token: string }).token))
      return answer.status
    },
    { username, password },
  )
  expect(status, `sign-in of ${username}`).toBe(200)
  await page.goto(at)
  await signedInShown(page)
}

/** Signed in means the app's shell is on screen (access loaded), as a person would wait for it. */
async function signedInShown(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Mon compte' })).toBeVisible()
}

/** A GET of the API as `user`, answering the parsed body (its status checked: 200). */
export type ApiGet = <T>(path: string) => Promise<T>

/** The authorization header of `user` (demo accounts: the password is the name). */
export async function bearerOf(
  request: APIRequestContext,
  user: string,
  password = user,
): Promise<Record<string, string>> {
  const login = await request.post('/rest/login_check', { data: { username: user, password } })
  expect(login.status(), `sign-in of ${user}`).toBe(200)
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` }
}

/** The server's side, read through the API as `user` (not through the app under test). */
export async function apiAs(request: APIRequestContext, user: string): Promise<ApiGet> {
  const headers = await bearerOf(request, user)
  return async <T>(path: string) => {
    const answer = await request.get(path, { headers })
    expect(answer.status(), path).toBe(200)
    return (await answer.json()) as T
  }
}

/**
 * `user`'s headers, with no picking session open: one left open by an earlier run on the same
 * server is closed first (a user has one session at a time, and would resume it).
 */
export async function pickerWithoutSession(
  request: APIRequestContext,
  user: string,
): Promise<Record<string, string>> {
  const headers = await bearerOf(request, user)
  const open = await request.post('/rest/picking-session/resume', { headers })
  if (open.ok()) {
    const { id } = (await open.json()) as { id: number }
    await request.post(`/rest/picking-session/${id}/close`, { headers })
  }
  return headers
}

/**
 * A picker of a test's own (password = username), made by the administrator through the API, with
 * `roles` (a worker who also ships: 'Shipping', 'Print', 'Barcode'). A user
 * has one picking session at a time: tests that run in parallel as the same picker resume and close
 * each other's lists. Answers its headers, with no session open.
 */
export async function ownPicker(
  request: APIRequestContext,
  username: string,
  shop: string,
  roles: readonly string[] = ['Picking'],
): Promise<Record<string, string>> {
  const made = await request.post('/rest/admin/users', {
    headers: await bearerOf(request, 'demo'),
    data: {
      username,
      password: username,
      displayName: username,
      warehouseAccess: true,
      roles,
      shops: [shop],
    },
  })
  // Made by an earlier run on the same server: refused as taken, which is as good.
  if (!made.ok()) expect(made.status(), await made.text()).toBe(409)
  return pickerWithoutSession(request, username)
}

/**
 * A screen opened through the side navigation, as a worker moves between screens: its title in the
 * menu, then its scan field (`field`, its label) has the focus.
 */
export async function openFromMenu(page: Page, title: string, field: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: title }).click()
  await expect(page.getByRole('textbox', { name: field, exact: true })).toBeFocused()
}

/** The titles of the items of the side navigation, in order. */
export async function menuTitles(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Menu principal' })
  await expect(nav).toBeVisible()
  return (await nav.getByRole('link').allTextContents()).map((t) => t.replace(/\d+$/, '').trim())
}

/** A JWT-shaped token with the given exp (the client only decodes it). */
export function tokenWithExp(exp: number): string {
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ sub: '1', exp })}.c2ln`
}

/** A movement of the ledger as the product information answers it (newest first). */
export interface Movement {
  kind: string
  quantity: number
  from: string | null
  to: string | null
  reason: string | null
}

/**
 * What the server holds of a shop's product, read straight from the API (not through the app
 * under test): quantity per location, and the movements (newest first).
 */
export async function productStock(
  request: APIRequestContext,
  shop: string,
  code: string,
  user = 'stock',
): Promise<{
  byLocation: Map<string, number>
  movements: Movement[]
}> {
  const answer = await request.post(`/api/client/${shop}/product/info`, {
    headers: await bearerOf(request, user),
    data: { code },
  })
  expect(answer.status()).toBe(200)
  const info = (await answer.json()) as {
    stock: { location: string; quantity: number }[]
    movements: Movement[]
  }
  return { byLocation: new Map(info.stock.map((s) => [s.location, s.quantity])), movements: info.movements }
}

/** The timestamp (s) of the last key wedge() stamped on each page. */
const lastKeyAt = new WeakMap<Page, number>()

/**
 * A keyboard-wedge scan: the code then Enter, into whatever has the focus, sent as a scanner sends
 * them: all at once, each key stamped when it reaches the browser. Playwright's keyboard.type sends
 * a key only once the page has handled the one before, so a page busy for a moment (a re-render on
 * a loaded machine) stretched the gap after the first key past the burst's limit and cut the code
 * in two ("XN0…" scanned as "N0…"); a real scanner's keys do not wait for the page. Chromium's
 * DevTools protocol handles the commands in order without waiting for the page's answer to each,
 * and each key carries its own timestamp: a CI machine busy for 400 ms between two keys once cut
 * '311000042426' into typing '31100' and a scan of '0042426'.
 */
export async function wedge(page: Page, code: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const sent: Promise<unknown>[] = []
    // Each key stamped as the scanner's would be, 5 ms apart: a browser busy for a moment on a
    // loaded machine (CI) then delays the keys' handling, not their timestamps, as with a scanner.
    // A code starts after the page's last one ended: two calls a few ms apart once stamped the
    // second code's keys before the first one's Enter, which no scanner does (CI66 lost one so).
    const start = Math.max(Date.now() / 1000, (lastKeyAt.get(page) ?? 0) + 0.1)
    lastKeyAt.set(page, start + code.length * 0.005)
    for (const [index, key] of [...code, 'Enter'].entries()) {
      const timestamp = start + index * 0.005
      const enter = key === 'Enter'
      const digit = /^[0-9]$/.test(key)
      const letter = /^[a-z]$/i.test(key)
      const base = {
        key,
        code: enter
          ? 'Enter'
          : digit
            ? `Digit${key}`
            : letter
              ? `Key${key.toUpperCase()}`
              : key === '-'
                ? 'Minus'
                : '',
        // Windows key codes: Enter 13, digits and letters their upper-case character, '-' 189.
        windowsVirtualKeyCode: enter
          ? 13
          : digit || letter
            ? key.toUpperCase().charCodeAt(0)
            : key === '-'
              ? 189
              : 0,
      }
      const text = enter ? '\r' : key
      sent.push(
        cdp.send('Input.dispatchKeyEvent', {
          type: 'keyDown',
          text,
          unmodifiedText: text,
          timestamp,
          ...base,
        }),
      )
      sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', timestamp: timestamp + 0.002, ...base }))
    }
    await Promise.all(sent)
  } finally {
    await cdp.detach()
  }
}

/**
 * A port nothing listens on now, for a test's own virtual agent: fixed ports collided when two
 * tests that print ran at once (EADDRINUSE), and a test that restarts its agent reuses its port.
 */
export { freePort } from '../../server/testing/ops.ts'

/**
 * Points the app at a virtual agent on `port` before it starts, the way a site with a non-standard
 * QZ Tray setup would (localStorage 'qz-agent'): each browser test that prints has its own agent.
 */
export async function useAgentPort(page: Page, port: number): Promise<void> {
  await page.addInitScript((agentPort) => {
    localStorage.setItem(
      'qz-agent',
      JSON.stringify({ host: 'localhost', port: { secure: [], insecure: [agentPort] } }),
    )
  }, port)
}

/** Far above Playwright's stretched key gaps, far below a person's pause between two codes. */
export const BURST_GAP_MS = 400

/**
 * Sets the device's wedge timings before the app starts. Playwright's key gaps are not a scanner's:
 * each key waits for the page, so on a loaded machine a 5 ms burst arrives with gaps over 50 ms and
 * would be cut in two (a real scanner's keys keep their own timestamps through a stall). Whether a
 * burst is a scan at the default timings is asserted by the unit tests on 1,000 timed bursts; the
 * browser tests that need a burst raise the gap, as a site would on the diagnostics screen.
 */
export async function setWedgeGap(page: Page, maxGapMs = BURST_GAP_MS): Promise<void> {
  await page.addInitScript(
    (gap) =>
      localStorage.setItem(
        'scan-wedge-options',
        JSON.stringify({ maxGapMs: gap, minLength: 3, endSilenceMs: 1000 }),
      ),
    maxGapMs,
  )
}

/**
 * The text a PDF shows, one drawn text a line (its fonts' glyphs read back to letters: the
 * documents embed a font, so a name is not in the file as written), after the file's own bytes.
 */
export function pdfText(bytes: Buffer): string {
  let shown: string[] = []
  try {
    shown = pdfTexts(bytes)
  } catch {
    // Not one of the app's documents (a shop's own file): its bytes are all there is to read.
  }
  return `${bytes.toString('latin1')}\n${shown.join('\n')}`
}
