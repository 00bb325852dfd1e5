/**
 * npm start: `npm run build` only when what the build reads changed since the last build that
 * finished. The last build's inputs hash is stamped into dist/ once `vite build` has exited 0, and
 * removed before a build starts, so a failed or interrupted build leaves no stamp and the next start
 * builds again (vite also empties dist/ when it builds, so `npm run build` by hand drops the stamp).
 *
 * The hash covers file contents, not mtimes: reading the ~700 files (about 4 MB) takes a tenth of a
 * second or so, and contents are right where mtimes are not (a checkout, an archive unpacked with
 * old dates, a copy that keeps them).
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'

/** Bump when what the stamp means changes: a stamp of another version never skips. */
const STAMP_VERSION = 1
export const STAMP = '.build-inputs'
/** What vite build reads besides node_modules (package-lock.json stands for that). */
const TREES = ['src', 'public', 'sw', 'contract']
/** In the root: index.html, vite.config.ts, tsconfig*.json, package*.json and the .env files vite loads. */
const ROOT_FILE = /^(?:index\.html|vite\.config\.ts|tsconfig.*\.json|package(?:-lock)?\.json|\.env(?:\..+)?)$/
/** What the build reads from the environment: vite exposes VITE_* to the app (VITE_BUILD_ID, VITE_API_HOST, VITE_SENTRY_DSN) and NODE_ENV picks the mode. */
const BUILD_ENV = /^(?:VITE_.+|NODE_ENV)$/

function filesUnder(root, dir, out) {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) filesUnder(root, path, out)
    else if (entry.isFile()) out.push(path)
  }
  return out
}

/** The hash of every input of the build under root, and of the build's environment variables. */
export function inputsHash(root, env = process.env) {
  const files = readdirSync(root).filter((name) => ROOT_FILE.test(name))
  for (const tree of TREES) if (existsSync(join(root, tree))) filesUnder(root, tree, files)
  const hash = createHash('sha256').update(`v${STAMP_VERSION}\n`)
  for (const file of files.sort()) {
    hash
      .update(`${relative(root, join(root, file))}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0')
  }
  for (const name of Object.keys(env)
    .filter((key) => BUILD_ENV.test(key))
    .sort()) {
    hash.update(`env ${name}=${env[name]}\0`)
  }
  return hash.digest('hex')
}

/** Whether dist/ holds a finished build of these inputs. */
export function upToDate(root, hash) {
  const dist = join(root, 'dist')
  if (!existsSync(join(dist, 'index.html'))) return false
  try {
    return readFileSync(join(dist, STAMP), 'utf8').trim() === hash
  } catch {
    return false
  }
}

/** `npm run build` in root; resolves with its exit code (a signal counts as a failure). */
function npmBuild(root) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
    child.once('exit', (code) => resolve(code ?? 1))
    child.once('error', () => resolve(1))
  })
}

/** Builds root unless its dist/ is a finished build of the current inputs; returns the exit code. */
export async function buildIfChanged(root, { build = npmBuild, log = console.log } = {}) {
  const hash = inputsHash(root)
  if (upToDate(root, hash)) {
    log(
      'Sources inchangées depuis la dernière construction : dist/ est réutilisé (npm run build pour reconstruire).',
    )
    return 0
  }
  rmSync(join(root, 'dist', STAMP), { force: true })
  const code = await build(root)
  // The inputs of this build are the ones hashed before it: a file edited while it ran makes the
  // next start build again.
  if (code === 0) writeFileSync(join(root, 'dist', STAMP), `${hash}\n`)
  return code
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await buildIfChanged(process.cwd())
}
