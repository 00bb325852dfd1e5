/**
 * Browser tests: Debian's Chromium (no browser download) against the real reference server,
 * started as a user would start it, on a fresh data folder, serving the production build.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 18_080)
const dataDir = process.env.E2E_DATA_DIR ?? temporaryDataDir()
// Playwright loads this file in every worker: keep one data folder for the whole run.
process.env.E2E_DATA_DIR = dataDir

/**
 * A fresh data folder (~40–60 MB once the server has seeded it), deleted when the run ends.
 * Only the first process to load this file makes it, Playwright's main one: the workers it starts
 * inherit E2E_DATA_DIR. Deleted on exit, not in a globalTeardown: Playwright runs those before it
 * stops the webServer, which still has the database open then. A folder given as E2E_DATA_DIR
 * is the caller's and is kept.
 */
function temporaryDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'entrepot-e2e-'))
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
  return dir
}

export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    // The workstation is found by its local IP: show the real address to WebRTC, as a warehouse's
    // managed Chrome does (policy WebRtcLocalIpsAllowedUrls), instead of an mDNS name.
    '--disable-features=WebRtcHideLocalIpsWithMdns',
  ],
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/playwright',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunch,
    locale: 'fr-FR',
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'desktop', testIgnore: /\.handheld\.spec\.ts$/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'handheld',
      testMatch: /\.handheld\.spec\.ts$/,
      use: { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
    },
  ],
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `http://127.0.0.1:${port}/rest/openapi.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      AGENT: 'off',
      // GLS is down for the whole run (its stored rate would fail parcels by their serial's draw):
      // shipping.spec.ts recovers its one GLS order; no other test labels a parcel.
      CARRIER_FAILURE: 'gls=always',
    },
  },
})
