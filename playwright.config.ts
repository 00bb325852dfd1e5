/**
 * Browser tests: Debian's Chromium (no browser download) against the real reference server,
 * started as a user would start it, on a fresh data folder, serving the production build.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { agentTlsMaterial } from './agent/tls.ts'
import { fakeCameraArgs } from './tests/e2e/lan/fake-camera.ts'
import { LAN, lanBrowserArgs } from './tests/e2e/lan/site.ts'

const port = Number(process.env.E2E_PORT ?? 18_080)
const dataDir = process.env.E2E_DATA_DIR ?? temporaryDataDir()
// Playwright loads this file in every worker: keep one data folder for the whole run.
process.env.E2E_DATA_DIR = dataDir
// Issue 30: a second server, as a site on its LAN runs it (HTTPS on, its own root), with its own
// data folder. Its root is made here, before any browser starts, by the server's own code
// (tests/e2e/lan/site.ts), so the LAN project's browser can be told to trust it by its key hash.
// Not made nor started when no LAN test runs: the no-route step (scripts/test.mjs) sets E2E_LAN=off.
const withLan = process.env.E2E_LAN !== 'off'
const lanDataDir = withLan ? (process.env.E2E_LAN_DATA_DIR ?? temporaryDataDir()) : ''
if (withLan) process.env.E2E_LAN_DATA_DIR = lanDataDir

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

/**
 * Debian's Chromium: its headless shell (package chromium-headless-shell, Chromium's 'old headless'
 * build, what Playwright itself drives headless by default) when installed, the full browser
 * otherwise. The shell draws the same pages with ~30 % less CPU (the whole browser suite measured on
 * two cores: 266 against 376 core-seconds, 170 against 210 s). The LAN project keeps the full browser:
 * its fake camera and its installed, offline app are the handheld's own.
 */
const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM),
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
  // Its own per run: `npm test` runs the no-route tests beside the others (scripts/test.mjs), and
  // Playwright empties its output folder as it starts.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/playwright',
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
    // A failed test keeps its trace (actions, console, network) and a screenshot of where it stopped.
    // Not the trace's screencast and DOM snapshots: recorded for every test, passing ones included,
    // they cost 25–45 % of the browser step's time on a loaded two-core machine.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    // No service worker unless a test is about it (pwa.spec.ts, outbox.spec.ts, the LAN site's):
    // installing it precaches the whole app, ~1 s of the browser's CPU in every test's new context
    // on two busy cores, and page.route sees a page's requests only with no worker between them.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: [/\.handheld\.spec\.ts$/, /\.lan\.spec\.ts$/],
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        // Issue 30: from an https page qz-tray.js connects to wss://localhost only, which the virtual
        // agent answers with its own localhost certificate (printing.spec.ts). This browser trusts
        // exactly that certificate, by its key's hash, as a workstation trusts the one QZ Tray
        // installs. Here for the whole project, not in that file: launch options of a file's own
        // start browsers of their own, two worker restarts per run.
        launchOptions: {
          ...chromiumLaunch,
          args: [
            ...chromiumLaunch.args,
            `--ignore-certificate-errors-spki-list=${agentTlsMaterial(join(dataDir, 'agent-tls')).spkiSha256Base64}`,
          ],
        },
      },
    },
    {
      name: 'handheld',
      testMatch: /\.handheld\.spec\.ts$/,
      use: { viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
    },
    ...(withLan ? [lanProject()] : []),
  ],
  // Playwright starts its web servers one after the other, each once the one before answers; the
  // LAN site is launched first and not waited for, so the two start together (~10 s each on two
  // cores, 22 → 12 s before the first test), and the LAN tests wait for it (tests/e2e/lan/ready.ts).
  webServer: [
    ...(withLan ? [lanServer()] : []),
    {
      command: 'node --import tsx server/main.ts',
      url: `http://127.0.0.1:${port}/rest/openapi.json`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        AGENT: 'off',
        // No warm-up of the stock writes (server/db/warm-up.ts): no browser test times a scan, and
        // its 2.5 s of CPU at each start were the start's longest part with three servers at once.
        WARM_UP_MS: '0',
        // GLS is down for the whole run (its stored rate would fail parcels by their serial's draw):
        // shipping.spec.ts recovers its one GLS order; no other test labels a parcel.
        CARRIER_FAILURE: 'gls=always',
      },
    },
  ],
})

/**
 * A handheld on the warehouse Wi-Fi (issue 30): the app at a name that is not localhost
 * (entrepot.test, mapped to this machine by the browser's resolver), over the site's HTTPS, the
 * site root and the print agent's localhost certificate trusted by their key hashes only.
 */
function lanProject() {
  return {
    name: 'lan',
    testMatch: /\.lan\.spec\.ts$/,
    use: {
      baseURL: LAN.httpsOrigin,
      viewport: { width: 360, height: 640 },
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 2,
      launchOptions: {
        ...chromiumLaunch,
        executablePath: FULL_CHROMIUM,
        // The fake camera for camera.lan.spec.ts, here rather than in that file: launch options of a
        // file's own start browsers of their own (two worker restarts a run). No other LAN test opens
        // the camera.
        args: [...chromiumLaunch.args, ...lanBrowserArgs(lanDataDir), ...fakeCameraArgs()],
      },
    },
  }
}

/**
 * The LAN site's server: HTTPS on, its own data folder and root; on PostgreSQL with WORKERS=2, its
 * database moved there from the embedded one (tests/e2e/lan/moved-site.ts).
 */
function lanServer() {
  return {
    command: 'node --import tsx tests/e2e/lan/moved-site.ts',
    // SIGTERM, so that moved-site.ts stops its PostgreSQL cluster (which pg_ctl put in a session of
    // its own, out of reach of the process group's kill).
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
    // No url: Playwright launches it and goes on; the LAN tests wait for it (tests/e2e/lan/ready.ts).
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(LAN.httpPort),
      HTTPS_PORT: String(LAN.httpsPort),
      HOST: '127.0.0.1',
      TLS: 'on',
      PUBLIC_ORIGIN: LAN.httpsOrigin,
      DATA_DIR: lanDataDir,
      AGENT: 'off',
      CARRIER_FAILURE: 'gls=always',
      WARM_UP_MS: '0', // as the main server's
      // No LAN test opens an order: 300 demo orders instead of 2,000 are less to seed and to move
      // (~5 core-seconds while the browser suite starts).
      SEED_ORDERS: '300',
    },
  }
}
