import { expect, type APIRequestContext, type Page } from '@playwright/test'

/** Signs in through the real form, as a person would. */
export async function signIn(page: Page, username: string, password = username): Promise<void> {
  await page.goto('/login')
  await page.getByLabel('Identifiant').fill(username)
  await page.getByLabel('Mot de passe').fill(password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page).not.toHaveURL(/\/login/)
  // Signed in means the dashboard is on screen (access loaded), as a person would wait for it.
  await expect(page.getByRole('button', { name: 'Mon compte' })).toBeVisible()
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

/**
 * What the server holds of a shop's product, read straight from the API (not through the app
 * under test): quantity per location, and the movements (newest first).
 */
export async function productStock(
  request: APIRequestContext,
  shop: string,
  code: string,
  user = 'stock',
): Promise<{ byLocation: Map<string, number>; movements: { kind: string; quantity: number; to: string | null }[] }> {
  const login = await request.post('/rest/login_check', { data: { username: user, password: user } })
  const { token } = (await login.json()) as { token: string }
  const answer = await request.post(`/api/client/${shop}/product/info`, {
    headers: { authorization: `Bearer ${token}` },
    data: { code },
  })
  expect(answer.status()).toBe(200)
  const info = (await answer.json()) as {
    stock: { location: string; quantity: number }[]
    movements: { kind: string; quantity: number; to: string | null }[]
  }
  return { byLocation: new Map(info.stock.map((s) => [s.location, s.quantity])), movements: info.movements }
}
