#!/usr/bin/env node
/**
 * npm run test:quick: the loop to run between two edits, in seconds to a minute or two; `npm test`
 * (everything, ~9 min on 2 cores) stays the check before a merge. Three steps on what changed since the
 * branch left main (its commits, the working tree and new files):
 * - lint: eslint on the changed files, and prettier --check on them;
 * - types: `npm run typecheck` (TypeScript 7's tsc -b), incremental (tsconfig.base.json), so only what
 *   the change touches is checked again;
 * - tests: the test files that import a changed file directly, and the changed test files. Tests sit
 *   beside their code, so that is the code's own tests; `vitest related` follows every import and
 *   runs nearly the whole server suite for a change in server/ (a route reaches app.ts). With no such
 *   test, the server tests and the client's model tests (no jsdom screens) run instead.
 * `node scripts/test-quick.mjs --base <ref>` compares with another ref than main.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'

const CODE = /\.(?:ts|tsx|mts|mjs|js|cjs)$/
const TEST = /\.test\.tsx?$/
/** The server project's tests and the client's pure model tests: git's `*` spans folders. */
const FALLBACK = ['server/*.test.ts', 'contract/*.test.ts', 'agent/*.test.ts', 'src/*model*.test.ts']

const git = (...args) => {
  const result = spawnSync('git', args, { encoding: 'utf8' })
  return result.status === 0 ? result.stdout.split('\n').filter(Boolean) : []
}

/** Files changed since base (the merge base with it), in the working tree, or new; deleted ones left out. */
function changedFiles(base) {
  const [mergeBase] = git('merge-base', base, 'HEAD')
  const files = new Set([
    ...(mergeBase ? git('diff', '--name-only', mergeBase, 'HEAD') : []),
    ...git('diff', '--name-only', 'HEAD'),
    ...git('ls-files', '--others', '--exclude-standard'),
  ])
  return [...files].filter((file) => existsSync(file)).sort()
}

/** The module an import specifier names, as a repository path, or null (a package). */
function resolveImport(from, specifier) {
  let path
  if (specifier.startsWith('.')) path = normalize(join(dirname(from), specifier))
  else if (specifier.startsWith('@/')) path = join('src', specifier.slice(2))
  else if (specifier === '@contract') path = 'contract/index.ts'
  else return null
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, join(path, 'index.ts')]) {
    if (existsSync(candidate) && CODE.test(candidate)) return candidate
  }
  return path
}

/** The test files that import one of these files, and the test files among them. */
function testsOf(changed) {
  const targets = new Set(changed)
  const tests = new Set(changed.filter((file) => TEST.test(file)))
  for (const test of git('ls-files', '*.test.ts', '*.test.tsx')) {
    const text = readFileSync(test, 'utf8')
    for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
      if (targets.has(resolveImport(test, specifier))) tests.add(test)
    }
  }
  return [...tests].filter((file) => existsSync(file)).sort()
}

function step(name, cmd, args) {
  const started = Date.now()
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`)
  const { status } = spawnSync(cmd, args, { stdio: 'inherit' })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(`=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds} s`)
  return { name, ok: status === 0, seconds }
}

const baseAt = process.argv.indexOf('--base')
const base = baseAt > 0 ? process.argv[baseAt + 1] : 'main'
const started = Date.now()
const changed = changedFiles(base)
const code = changed.filter((file) => CODE.test(file))
console.log(`${changed.length} file(s) changed since ${base}: ${changed.join(' ') || '(none)'}`)

const results = []
if (code.length)
  results.push(step('lint', 'npx', ['eslint', '--max-warnings', '0', '--no-warn-ignored', ...code]))
else console.log('\n=== lint: no changed code to lint')
// Formatting, as `npm run lint` checks it (prettier skips what .prettierignore names).
if (changed.length)
  results.push(
    step('format', 'npx', ['prettier', '--check', '--ignore-unknown', '--log-level', 'warn', ...changed]),
  )
results.push(step('types', 'npm', ['run', '--silent', 'typecheck']))
const tests = testsOf(code)
if (tests.length)
  results.push(step(`tests (${tests.length} file(s) of the change)`, 'npx', ['vitest', 'run', ...tests]))
else {
  const fallback = git('ls-files', ...FALLBACK)
  results.push(
    step(`tests (none of the change: ${fallback.length} server and model test files)`, 'npx', [
      'vitest',
      'run',
      ...fallback,
    ]),
  )
}

const total = ((Date.now() - started) / 1000).toFixed(1)
const failed = results.filter((result) => !result.ok)
console.log(`\n${results.map((r) => `${r.name} ${r.ok ? 'ok' : 'FAILED'} ${r.seconds} s`).join(' · ')}`)
console.log(`test:quick ${failed.length ? 'FAILED' : 'passed'} in ${total} s (npm test runs everything)`)
process.exitCode = failed.length ? 1 : 0
