/**
 * npm start builds only when the build's inputs changed (scripts/build-if-changed.mjs). Run here on
 * a package of its own whose `npm run build` stands in for vite's: it empties dist/ as vite does,
 * writes an index.html and counts its runs; it can also fail, or hang until it is interrupted.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { until } from '../testing/ops.ts'

const SCRIPT = join(import.meta.dirname, '../../scripts/build-if-changed.mjs')
const FAKE_BUILD = `
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
appendFileSync('builds.log', 'build\\n')
// vite bundles first (a compile error fails here, Ctrl-C stops here), then empties dist/ and writes it.
if (process.env.FAKE_BUILD === 'fail') process.exit(1)
if (process.env.FAKE_BUILD === 'hang') {
  writeFileSync('started', '')
  setTimeout(() => {}, 60_000)
} else {
  rmSync('dist', { recursive: true, force: true })
  mkdirSync('dist')
  writeFileSync('dist/index.html', '<!doctype html>')
}
`

let root = ''
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'entrepot-build-if-changed-'))
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify({ private: true, scripts: { build: 'node build.mjs' } }),
  )
  writeFileSync(join(root, 'build.mjs'), FAKE_BUILD)
  writeFileSync(join(root, 'index.html'), '<div id="root"></div>')
  mkdirSync(join(root, 'src/features/stock'), { recursive: true })
  writeFileSync(join(root, 'src/features/stock/model.ts'), 'export const a = 1\n')
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

/** `node scripts/build-if-changed.mjs` in root, as npm start runs it; its own process group. */
function run(env: Record<string, string> = {}) {
  const child = spawn('node', [SCRIPT], {
    cwd: root,
    env: { ...process.env, FAKE_BUILD: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}
const builds = () =>
  (existsSync(join(root, 'builds.log')) ? readFileSync(join(root, 'builds.log'), 'utf8') : '')
    .split('\n')
    .filter(Boolean).length
const SKIPPED = 'Sources inchangées depuis la dernière construction'

describe('npm start, build-if-changed', () => {
  it('builds the first time and skips the second, saying so in one line', async () => {
    expect(await run().exited).toBe(0)
    expect(builds()).toBe(1)
    const second = run()
    expect(await second.exited).toBe(0)
    expect(builds()).toBe(1)
    expect(second.output().trim().split('\n')).toEqual([expect.stringContaining(SKIPPED)])
  }, 30_000)

  it('builds again after a source file changed, was added or removed', async () => {
    await run().exited
    writeFileSync(join(root, 'src/features/stock/model.ts'), 'export const a = 2\n')
    await run().exited
    expect(builds()).toBe(2)
    writeFileSync(join(root, 'src/features/stock/other.ts'), '')
    await run().exited
    expect(builds()).toBe(3)
    rmSync(join(root, 'src/features/stock/other.ts'))
    await run().exited
    expect(builds()).toBe(4)
    await run().exited
    expect(builds()).toBe(4)
  }, 30_000)

  it('builds again when a VITE_ variable the app reads changed', async () => {
    await run({ VITE_SENTRY_DSN: 'https://a@example.test/1' }).exited
    await run({ VITE_SENTRY_DSN: 'https://b@example.test/1' }).exited
    expect(builds()).toBe(2)
  }, 30_000)

  it('builds again when dist/ was deleted', async () => {
    await run().exited
    rmSync(join(root, 'dist'), { recursive: true })
    await run().exited
    expect(builds()).toBe(2)
    expect(existsSync(join(root, 'dist/index.html'))).toBe(true)
  }, 30_000)

  it('builds again after a failed build, and fails with it, even once the sources are back as built', async () => {
    await run().exited
    writeFileSync(join(root, 'index.html'), '<div id="app"></div>')
    expect(await run({ FAKE_BUILD: 'fail' }).exited).not.toBe(0)
    writeFileSync(join(root, 'index.html'), '<div id="root"></div>')
    expect(await run().exited).toBe(0)
    expect(builds()).toBe(3)
  }, 30_000)

  it('builds again after an interrupted build (Ctrl-C), even once the sources are back as built', async () => {
    await run().exited
    writeFileSync(join(root, 'src/features/stock/model.ts'), 'export const a = 3\n')
    const interrupted = run({ FAKE_BUILD: 'hang' })
    await until(() => existsSync(join(root, 'started')), 'the build to start')
    process.kill(-interrupted.child.pid!, 'SIGINT') // the terminal's Ctrl-C: the whole group
    expect(await interrupted.exited).not.toBe(0)
    // dist/ still holds the previous build, but it is not stamped any more.
    writeFileSync(join(root, 'src/features/stock/model.ts'), 'export const a = 1\n')
    expect(await run().exited).toBe(0)
    expect(builds()).toBe(3)
  }, 30_000)
})
