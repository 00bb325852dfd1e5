/**
 * npm run bench:bundle: the JavaScript and CSS a browser actually loads before the first screen,
 * for /login and for the dashboard shell (signed in, on /), gzip-sized from dist/, against
 * docs/budgets.md (JS <= 170 KB, CSS <= 30 KB, any lazy chunk <= 120 KB); issue 15 lowered the JS
 * budget to 160 KB, for headroom.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { CHROMIUM, CHROMIUM_ARGS, ensureBuild, printTable, startBenchServer } from './lib/server.ts'

const KB = 1024
const gz = (file: string) => gzipSync(readFileSync(join('dist', file)), { level: 9 }).length

ensureBuild()
const server = await startBenchServer()
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
try {
  const page = await browser.newPage()
  const loaded = new Set<string>()
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (/\.(js|css)$/.test(path)) loaded.add(path.replace(/^\//, ''))
  })
  // What was fetched by the time the screen is visible: the idle prefetch of lazy panels that
  // follows is not 'before the first screen'. networkidle then keeps one measure from leaking into the next.
  const measure = async (label: string, action: () => Promise<void>) => {
    loaded.clear()
    await action()
    const files = [...loaded]
    await page.waitForLoadState('networkidle')
    const js = files.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0)
    const css = files.filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gz(f), 0)
    return { label, js, css, files }
  }

  const login = await measure('/login', async () => {
    await page.goto(`${server.url}/login`)
    await page.getByLabel('Identifiant').waitFor()
  })
  const shell = await measure('dashboard shell', async () => {
    await page.getByLabel('Identifiant').fill('demo')
    await page.getByLabel('Mot de passe').fill('demo')
    await page.getByRole('button', { name: 'Se connecter' }).click()
    await page
      .getByRole('button', { name: 'Ouvrir le menu' })
      .or(page.getByRole('navigation'))
      .first()
      .waitFor()
  })
  // The shell as a cold start: a fresh load of / with the token already stored.
  const cold = await measure('dashboard shell, cold load', async () => {
    await page.reload()
    await page.getByRole('navigation').first().waitFor()
    await page.getByRole('heading', { level: 1 }).waitFor()
  })

  const lazy = readdirSync('dist/assets')
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: f, size: gz(join('assets', f)) }))
    .sort((a, b) => b.size - a.size)
  const biggestLazy = lazy.find(
    (c) => !login.files.includes(`assets/${c.file}`) && !cold.files.includes(`assets/${c.file}`),
  )

  const rows = [login, cold].flatMap((m) => [
    {
      measure: `JS before first screen, ${m.label}`,
      value: `${(m.js / KB).toFixed(1)} KB`,
      budget: '<= 160 KB',
      ok: m.js <= 160 * KB,
    },
    {
      measure: `CSS before first screen, ${m.label}`,
      value: `${(m.css / KB).toFixed(1)} KB`,
      budget: '<= 30 KB',
      ok: m.css <= 30 * KB,
    },
  ])
  rows.push({
    measure: `JS added by signing in (${shell.files.length} files)`,
    value: `${(shell.js / KB).toFixed(1)} KB`,
    budget: 'info',
    ok: true,
  })
  if (biggestLazy) {
    rows.push({
      measure: `largest lazy chunk (${biggestLazy.file})`,
      value: `${(biggestLazy.size / KB).toFixed(1)} KB`,
      budget: '<= 120 KB',
      ok: biggestLazy.size <= 120 * KB,
    })
  }
  printTable(rows)
  // BENCH_VERBOSE=1: every file of each first screen with its gzip size, biggest first.
  if (process.env.BENCH_VERBOSE) {
    for (const m of [login, cold]) {
      console.log(`\n${m.label}:`)
      for (const f of m.files.sort((a, b) => gz(b) - gz(a)))
        console.log(`  ${(gz(f) / KB).toFixed(1).padStart(6)} KB  ${f}`)
    }
  }
  if (rows.some((r) => !r.ok)) process.exitCode = 1
} finally {
  await browser.close()
  await server.stop()
}
