import { expect, test } from '@playwright/test'
import { signIn } from './helpers.ts'

// Other specs may block service workers; these tests are about them.
test.use({ serviceWorkers: 'allow' })

interface WebManifest {
  name: string
  short_name: string
  lang: string
  start_url: string
  display: string
  theme_color: string
  icons: { src: string; sizes: string; type: string; purpose?: string }[]
}

test('the web app manifest is served in French with its three icons', async ({ page, request }) => {
  const response = await request.get('/manifest.webmanifest')
  expect(response.status()).toBe(200)
  const manifest = (await response.json()) as WebManifest
  expect(manifest).toMatchObject({
    name: 'Entrepôt — opérations',
    short_name: 'Entrepôt',
    lang: 'fr',
    start_url: '/',
    display: 'standalone',
    theme_color: '#D71921',
  })
  expect(manifest.icons.map((i) => [i.sizes, i.purpose ?? 'any'])).toEqual([
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ])
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src)
    expect(image.status(), icon.src).toBe(200)
    expect(image.headers()['content-type'], icon.src).toBe('image/png')
  }

  // The page links it, and an icon for iOS's home screen.
  await page.goto('/login')
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/icon-192.png')
})

test('the service worker takes control and the app opens offline', async ({ page, context }) => {
  await signIn(page, 'demo')

  // Registered a few seconds after the first screen; active once the shell is precached.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
  expect(new URL(scope).pathname).toBe('/')
  await page.reload()
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(
    /\/sw\.js$/,
  )
  await expect(page.getByRole('button', { name: 'Mon compte' })).toBeVisible()

  await context.setOffline(true)
  try {
    await page.reload()
    await expect(page.getByRole('button', { name: 'Mon compte' })).toBeVisible()
    // A deep link, typed offline, opens on the cached shell too (the router takes it from there).
    await page.goto('/warehouse/picking')
    await expect(page.locator('#root')).not.toBeEmpty()
  } finally {
    await context.setOffline(false)
  }
})
