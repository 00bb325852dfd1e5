/**
 * npm run bench:lighthouse: Lighthouse (mobile preset, simulated throttling) on /login of the
 * production build served by the reference server, with Debian's Chromium. Budget: score >= 95,
 * over plain HTTP on loopback and over HTTPS at a LAN name (issue 30: how a handheld opens it, the
 * site's generated root trusted by its key hash, as a device that installed it from /installer).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { spkiSha256Base64 } from '../server/crypto/x509.ts'
import { CHROMIUM, CHROMIUM_ARGS, ensureBuild, printTable, startBenchServer } from './lib/server.ts'

const LAN_NAME = 'entrepot.test'
const HTTPS_PORT = 18_543

interface Run {
  score: number
  tbt: number
  lcp: number
  fcp: number
}

/** Three runs of Lighthouse on `url` in a Chromium started with `flags`; median by score. */
async function measure(url: string, flags: string[]): Promise<Run[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS, ...flags],
  })
  try {
    const runs: Run[] = []
    // Median of three runs: a single Lighthouse run on a shared 2-core machine is noisy.
    for (let i = 0; i < 3; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        onlyCategories: ['performance'],
        output: 'json',
        logLevel: 'error',
      })
      if (!result) throw new Error('Lighthouse returned no result')
      const { categories, audits } = result.lhr
      if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`)
      runs.push({
        score: Math.round((categories.performance?.score ?? 0) * 100),
        tbt: audits['total-blocking-time']?.numericValue ?? NaN,
        lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
        fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
      })
    }
    return runs.sort((a, b) => a.score - b.score)
  } finally {
    chrome.kill()
  }
}

ensureBuild()
const results: { label: string; runs: Run[] }[] = []
const plain = await startBenchServer(18_182)
try {
  results.push({ label: 'http://127.0.0.1', runs: await measure(`${plain.url}/login`, []) })
} finally {
  await plain.stop()
}
const secure = await startBenchServer(18_183, {
  TLS: 'on',
  HTTPS_PORT: String(HTTPS_PORT),
  PUBLIC_ORIGIN: `https://${LAN_NAME}:${HTTPS_PORT}`,
})
try {
  const spki = spkiSha256Base64(readFileSync(join(secure.dataDir, 'tls', 'root-certificate.pem')))
  const flags = [
    `--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.1`,
    `--ignore-certificate-errors-spki-list=${spki}`,
  ]
  results.push({
    label: `https://${LAN_NAME}`,
    runs: await measure(`https://${LAN_NAME}:${HTTPS_PORT}/login`, flags),
  })
} finally {
  await secure.stop()
}

let ok = true
for (const { label, runs } of results) {
  const median = runs[1]!
  ok &&= median.score >= 95
  printTable([
    {
      measure: `Lighthouse mobile performance, /login over ${label} (median of 3)`,
      value: String(median.score),
      budget: '>= 95',
      ok: median.score >= 95,
    },
    { measure: 'Total blocking time', value: `${Math.round(median.tbt)} ms`, budget: 'info', ok: true },
    { measure: 'Largest contentful paint', value: `${Math.round(median.lcp)} ms`, budget: 'info', ok: true },
    { measure: 'First contentful paint', value: `${Math.round(median.fcp)} ms`, budget: 'info', ok: true },
  ])
  console.log(`lighthouse scores of the 3 runs over ${label}: ${runs.map((r) => r.score).join(', ')}`)
}
if (!ok) process.exitCode = 1
