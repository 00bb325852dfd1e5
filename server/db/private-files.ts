/**
 * DATA_DIR holds the database (PGlite's files: the catalogue with the SQL functions' source, the
 * users' password hashes), the JWT secret and the QZ signing key. No other local user may read or
 * change any of it: an audit edited one PGlite file on disk and a shop-restricted user could then
 * read another shop. So the folders are 0700 and the files 0600.
 *
 * PGlite writes its files 0666 whatever the umask (Emscripten sets the mode itself), so the modes
 * are fixed after it has started (lockDown), and the folders, 0700, keep out any file it makes later.
 */
import {
  chmodSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'

const SHARED = 0o077
const STICKY = 0o1000

/** `dir` created if missing, and made 0700. A shared folder (sticky, as /tmp) is refused. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const { mode } = lstatSync(dir)
  if (mode & STICKY)
    throw new Error(`DATA_DIR « ${dir} » est un dossier partagé : donnez un dossier à l'entrepôt seul.`)
  if (mode & SHARED) chmodSync(dir, 0o700)
}

/** Every folder under `dir` 0700 and every file 0600; links are left as they are. */
export function lockDown(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    const stat = lstatSync(path)
    if (stat.isSymbolicLink()) continue
    if (stat.isDirectory()) {
      if (stat.mode & SHARED) chmodSync(path, 0o700)
      lockDown(path)
    } else if (stat.mode & SHARED) chmodSync(path, stat.mode & 0o700)
  }
}

/**
 * Creates `file` with `content` unless it exists. link() publishes the complete file at once and
 * fails if another process got there first (then its pair wins). Volumes without hard links fall
 * back to an exclusive write.
 */
export function publish(file: string, content: string): boolean {
  const tmp = writeTmp(file, content)
  try {
    linkSync(tmp, file)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    try {
      writeFileSync(file, content, { mode: 0o600, flag: 'wx' })
      return true
    } catch (fallback) {
      if ((fallback as NodeJS.ErrnoException).code === 'EEXIST') return false
      throw fallback
    }
  } finally {
    unlinkSync(tmp)
  }
}

/** Whole or not at all: a reader never sees half a file. */
export function replace(file: string, content: string): void {
  renameSync(writeTmp(file, content), file)
}

function writeTmp(file: string, content: string): string {
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, content, { mode: 0o600 })
  chmodSync(tmp, 0o600) // whatever the umask
  return tmp
}

export function readOptional(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}
