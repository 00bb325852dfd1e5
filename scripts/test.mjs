#!/usr/bin/env node
// `npm test`: every check, in the order a failure is cheapest to see: lint, types, unit and
// integration tests (Vitest), the production build, then browser tests (Playwright + Chromium).
// Ends with one summary line, 'N passed, N failed', counted from the runners' JSON reports.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'

mkdirSync('test-results', { recursive: true })
const steps = [
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['typecheck', 'npx', ['tsc', '-b']],
  ['unit', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json']],
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['e2e', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/e2e.json' }],
]

const only = process.argv[2]
let passed = 0
let failed = 0
let broken = []
for (const [name, cmd, args, env] of steps) {
  if (only && only !== name) continue
  const started = Date.now()
  console.log(`\n=== ${name}`)
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  console.log(`=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  if (result.status !== 0) broken.push(name)
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null
}
const vitest = readJson('test-results/vitest.json')
if (vitest) {
  passed += vitest.numPassedTests
  failed += vitest.numFailedTests
}
const e2e = readJson('test-results/e2e.json')
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky
  failed += e2e.stats.unexpected
}
if (broken.length) console.log(`\nFailed steps: ${broken.join(', ')}`)
console.log(`\ntests: ${passed} passed, ${failed} failed`)
process.exit(broken.length || failed ? 1 : 0)
