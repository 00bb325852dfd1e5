/**
 * Waits until the LAN site's server answers, and checks that the answer is from this run's server
 * (its root certificate is the one made in this run's data folder), not from one left on the port.
 * playwright.config.ts launches that server without waiting, and the LAN tests wait for it in their
 * own beforeAll (`waitForLanSite`), not every test of the run in a global set-up: the site's
 * database is made, then moved to PostgreSQL, before it serves (moved-site.ts), ~25 s that held
 * back the first test of the whole suite, while the LAN tests run last.
 */
import { readFileSync } from 'node:fs'
import { test } from '@playwright/test'
import { join } from 'node:path'
import { INSTALLER_PATHS } from '../../../server/installer/paths.ts'
import { ROOT_CERTIFICATE, TLS_FOLDER } from '../../../server/tls/site-files.ts'
import { LAN } from './site.ts'

const LIMIT_MS = 120_000

export async function lanSiteReady(): Promise<void> {
  const dataDir = process.env.E2E_LAN_DATA_DIR
  if (!dataDir) throw new Error('E2E_LAN_DATA_DIR is not set (playwright.config.ts sets it)')
  const expected = readFileSync(join(dataDir, TLS_FOLDER, ROOT_CERTIFICATE), 'utf8').trim()
  const url = `http://127.0.0.1:${LAN.httpPort}${INSTALLER_PATHS.rootPem}`
  const deadline = Date.now() + LIMIT_MS
  let last = 'no answer'
  while (Date.now() < deadline) {
    try {
      const answer = await fetch(url)
      const body = (await answer.text()).trim()
      if (answer.ok && body === expected) return
      last = answer.ok
        ? 'another root certificate: a server of another run holds the port'
        : `${answer.status}`
    } catch (error) {
      last = (error as Error).message
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`The LAN site did not answer at ${url} within ${LIMIT_MS / 1000} s (${last})`)
}

/** Registers the wait as a beforeAll of the calling spec file. */
export function waitForLanSite(): void {
  test.beforeAll(async () => {
    test.setTimeout(LIMIT_MS + 10_000)
    await lanSiteReady()
  })
}
