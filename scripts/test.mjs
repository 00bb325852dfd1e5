#!/usr/bin/env node
// `npm test`: every check, in the order a failure is cheapest to see: lint, types, unit and
// integration tests (Vitest; the server suite on a real PostgreSQL server when one is installed),
// the production build, then browser tests (Playwright + Chromium, on PGlite as `npm start` runs),
// and the sign-in and printing ones again on a machine with no network route (when root may use
// `unshare -n`).
// Ends with the failed tests, each named with its first error line, then one summary line, 'N passed,
// N failed', both from the runners' JSON reports.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { relative } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { postgresBin, startCluster } from './pg-cluster.mjs'

mkdirSync('test-results', { recursive: true })
// A report left by an earlier run must not be counted as this run's.
for (const report of ['vitest.json', 'e2e.json', 'e2e-loopback.json'])
  rmSync(`test-results/${report}`, { force: true })
/** Why the no-route browser step cannot run here (checked once: it spawns), or null. */
const noLoopback = loopbackUnavailable()
/**
 * A package's own command, run without npx: npx looks the package up first (~0.4 s a step on two
 * busy cores).
 */
const bin = (name) => `node_modules/.bin/${name}`
const steps = [
  // Lint (eslint, then prettier --check: package.json), types and the Vitest suite start together:
  // lint and types are one single-threaded process each, which left a quarter of the two cores idle
  // for their minute (~55 s), and Vitest's own start (its dependency bundles, ~5 s on a fresh
  // clone) was a wait of its own. Their outputs are shown in this order once each is done.
  ['lint', 'npm', ['run', '--silent', 'lint'], undefined, { together: ['typecheck', 'unit'] }],
  // TypeScript 7 (package.json's typescript-7: the compiler in Go, on both cores): a fresh clone's check
  // in ~18 core-seconds, against 39 with TypeScript 5.9, which stays only as typescript-eslint's parser.
  ['typecheck', 'node', ['node_modules/typescript-7/bin/tsc', '-b']],
  [
    'unit',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json'],
  ],
  ['build', bin('vite'), ['build', '--logLevel', 'warn']],
  [
    'e2e',
    bin('playwright'),
    // The tests tagged @loopback run once, in the step after, where they are the harder case.
    ['test', '--reporter=list,json', ...(noLoopback ? [] : ['--grep-invert', '@loopback'])],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/e2e.json' },
    // The no-route run starts with it: its own server, in its own network namespace, on its own data
    // and output folders, so nothing is shared but the cores; its ~25 s (mostly a server's start)
    // were a step of their own after the browser suite's.
    { together: noLoopback ? [] : ['e2e-loopback'] },
  ],
  // Issue 16: sign-in and printing on a machine with no network route (loopback only), where WebRTC
  // finds no local address. The tests tagged @loopback, in a network namespace of their own.
  [
    'e2e-loopback',
    'unshare',
    [
      '-n',
      'sh',
      '-c',
      // One worker: its three tests fit in the time the browser suite beside it takes anyway, and a
      // second worker was one more process and browser to start on the same two cores.
      `ip link set lo up && exec ${bin('playwright')} test --grep @loopback --workers=1 --reporter=list,json`,
    ],
    // None of them is the LAN site's: its server is not started (playwright.config.ts).
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/e2e-loopback.json',
      E2E_LAN: 'off',
      E2E_OUTPUT_DIR: 'test-results/playwright-loopback',
    },
  ],
]

/** Why the loopback-only browser run cannot happen on this machine, or null when it can. */
function loopbackUnavailable() {
  if (process.getuid?.() !== 0) return 'needs root (unshare -n)'
  if (spawnSync('unshare', ['-n', 'true']).status !== 0)
    return "'unshare -n' is missing or not permitted here"
  if (spawnSync('ip', ['-V']).status !== 0) return "the 'ip' command is missing (apt-get install -y iproute2)"
  return null
}

const only = process.argv[2]
const began = Date.now()
let passed = 0
let failed = 0
let broken = []
/** Steps this machine cannot run, said again beside the totals so they are not read as passed. */
const notRun = []
/** The steps started early, beside the one before them, by name: their exit and kept output. */
const started = new Map()
for (let [name, cmd, args, env, options] of steps) {
  if (only && only !== name) continue
  const startedAt = Date.now()
  console.log(`\n=== ${name}`)
  if (name === 'e2e-loopback' && noLoopback) {
    console.log(`Browser tests without a network route NOT run: ${noLoopback}`)
    notRun.push(`${name} (${noLoopback})`)
    continue
  }
  let status
  if (started.has(name)) {
    // Started beside the step before: its output was kept until now, so the two do not interleave.
    const { exited, output, at } = started.get(name)
    status = await exited
    process.stdout.write(output())
    console.log(
      `=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - at) / 1000).toFixed(1)} s (beside the step before)`,
    )
  } else {
    const prepared = await prepare(name)
    const partners = only ? [] : [options?.together ?? []].flat()
    for (const partner of partners)
      started.set(partner, await startQuietly(steps.find((step) => step[0] === partner)))
    // Not spawnSync: the step started beside this one must have its output read meanwhile.
    status = await new Promise((resolve) => {
      const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env, ...prepared.env } })
      child.on('error', () => resolve(1))
      child.on('close', (code) => resolve(code ?? 1))
    })
    prepared.stop()
    console.log(
      `=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
    )
  }
  if (status !== 0) broken.push(name)
}

/** What a step needs before it starts, and its undoing: the unit step's PostgreSQL server. */
async function prepare(name) {
  const nothing = { env: {}, stop: () => {} }
  if (name !== 'unit') return nothing
  if (postgresBin()) {
    // The server suite once, on PostgreSQL: the engine of a site that outgrew one machine, and
    // the one with real concurrency. PGlite, the default, runs the whole browser suite and the
    // engine's own tests (server/db/pglite-*); test:quick runs the server suite on it.
    const cluster = await startCluster()
    return { env: { TEST_DATABASE_URL: cluster.url }, stop: () => cluster.stop() }
  }
  // A developer's machine may lack it; CI (.ci/run) installs it, and there its absence fails.
  console.log(
    'PostgreSQL is not installed (apt-get install -y postgresql): the server suite runs on PGlite only',
  )
  notRun.push('server suite on PostgreSQL (not installed)')
  if (process.env.CI) broken.push('unit (no PostgreSQL)')
  return nothing
}

/** Starts a step with its output kept, to be shown when its turn comes. */
async function startQuietly([name, cmd, args, env]) {
  const prepared = await prepare(name)
  const chunks = []
  const child = spawn(cmd, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, ...prepared.env },
  })
  child.stdout.on('data', (chunk) => chunks.push(chunk))
  child.stderr.on('data', (chunk) => chunks.push(chunk))
  const exited = new Promise((resolve) => {
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`))
      resolve(1)
    })
    child.on('close', (code) => resolve(code ?? 1))
  }).finally(() => prepared.stop())
  return { exited, output: () => Buffer.concat(chunks).toString(), at: Date.now() }
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null
}
/** Each failed test's place, name and first line of error: CI may keep only the log's end. */
const failures = []
/** The first line of a runner's error text, without its colours. */
const firstLine = (text = '') =>
  stripVTControlCharacters(text)
    .split('\n')
    .find((line) => line.trim()) ?? ''
const vitest = readJson('test-results/vitest.json')
if (vitest) {
  passed += vitest.numPassedTests
  failed += vitest.numFailedTests
  for (const file of vitest.testResults)
    for (const test of file.assertionResults.filter((t) => t.status === 'failed'))
      failures.push(`${relative('.', file.name)} > ${test.fullName}: ${firstLine(test.failureMessages[0])}`)
}
for (const e2e of [readJson('test-results/e2e.json'), readJson('test-results/e2e-loopback.json')]) {
  if (!e2e) continue
  passed += e2e.stats.expected + e2e.stats.flaky
  failed += e2e.stats.unexpected
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests.filter((t) => t.status === 'unexpected')) {
        const error = test.results.at(-1)?.error?.message
        failures.push(
          `[${test.projectName}] tests/e2e/${spec.file}:${spec.line} > ${spec.title}: ${firstLine(error)}`,
        )
      }
    for (const inner of suite.suites ?? []) walk(inner)
  }
  for (const suite of e2e.suites) walk(suite)
}
if (failures.length) console.log(`\nFailed tests:\n${failures.map((f) => `  ✘ ${f}`).join('\n')}`)
if (broken.length) console.log(`\nFailed steps: ${broken.join(', ')}`)
if (notRun.length) console.log(`\nNot run on this machine: ${notRun.join('; ')}`)
console.log(`\n=== npm test: ${((Date.now() - began) / 1000).toFixed(1)} s in all`)
console.log(`\ntests: ${passed} passed, ${failed} failed`)
process.exit(broken.length || failed ? 1 : 0)
