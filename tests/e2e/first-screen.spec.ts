/**
 * The first screens stay light (issue 15's budget, `npm run bench:bundle`): the sign-in page and
 * the dashboard, loaded cold, fetch no zod. Their code takes the contract's routes and constants
 * from contract/light-calls.ts; one import of a constant from a module of zod definitions is
 * enough to bring zod's parser along (+10.6 KB once, in the review of issue 16), and only the
 * bench, which `npm test` does not run, would have said so.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { signIn } from './helpers.ts'

/** The JS files fetched while `action` runs, by path in dist/. */
async function scriptsFetched(page: Page, action: () => Promise<void>): Promise<string[]> {
  const fetched = new Set<string>()
  const onRequest = (request: { url: () => string }) => {
    const path = new URL(request.url()).pathname
    if (path.endsWith('.js')) fetched.add(path.replace(/^\//, ''))
  }
  page.on('request', onRequest)
  await action()
  page.off('request', onRequest)
  return [...fetched]
}

/**
 * Whether a built file carries zod: its source map names zod's modules; a file without a map (the
 * bundler's runtime) would still hold the names zod gives its classes ('$ZodType').
 */
const holdsZod = (file: string): boolean => {
  const path = join('dist', file)
  if (!existsSync(`${path}.map`)) return readFileSync(path, 'utf8').includes('$ZodType')
  const { sources } = JSON.parse(readFileSync(`${path}.map`, 'utf8')) as { sources: string[] }
  return sources.some((s) => /node_modules\/zod\//.test(s))
}

test('the sign-in page and the dashboard load no zod before their first screen', async ({ page }) => {
  const login = await scriptsFetched(page, async () => {
    await page.goto('/login')
    await page.getByLabel('Identifiant').waitFor()
  })
  await signIn(page, 'demo')
  const dashboard = await scriptsFetched(page, async () => {
    await page.reload()
    await page.getByRole('heading', { level: 1 }).waitFor()
  })
  for (const [screen, files] of [
    ['/login', login],
    ['dashboard', dashboard],
  ] as const) {
    expect(files.length, `${screen} fetched its scripts`).toBeGreaterThan(0)
    const withZod = files.filter(holdsZod)
    expect(withZod, `${screen} fetched zod`).toEqual([])
  }
})
