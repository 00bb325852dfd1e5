import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { resolveJwtSecret } from '../config.ts'
import { openDatabase } from './connect.ts'
import { lockDown, privateDir } from './private-files.ts'

const modeOf = (path: string) => lstatSync(path).mode & 0o7777
const made: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'entrepot-private-'))
  made.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** Every path under `dir` another local user could read or change. */
function shared(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => !lstatSync(path).isSymbolicLink() && (modeOf(path) & 0o077) !== 0)
}

describe('privateDir', () => {
  it('creates a missing folder 0700 and tightens an existing one', () => {
    const root = tempDir()
    privateDir(join(root, 'new', 'data'))
    expect(modeOf(join(root, 'new', 'data'))).toBe(0o700)
    const open = join(root, 'open')
    mkdirSync(open)
    chmodSync(open, 0o755)
    privateDir(open)
    expect(modeOf(open)).toBe(0o700)
  })

  it('refuses a shared folder such as /tmp, which it must not close to everyone else', () => {
    const sticky = join(tempDir(), 'sticky')
    mkdirSync(sticky)
    chmodSync(sticky, 0o1777)
    expect(() => privateDir(sticky)).toThrow(/est un dossier partagé/)
    expect(modeOf(sticky)).toBe(0o1777)
  })
})

describe('lockDown', () => {
  it('makes every folder 0700 and every file 0600 (an executable 0700), and leaves links alone', () => {
    const root = tempDir()
    const outside = join(tempDir(), 'outside.txt')
    writeFileSync(outside, 'x', { mode: 0o644 })
    chmodSync(outside, 0o644)
    mkdirSync(join(root, 'base', '1'), { recursive: true })
    chmodSync(join(root, 'base'), 0o755)
    writeFileSync(join(root, 'base', '1', '1259'), 'x')
    chmodSync(join(root, 'base', '1', '1259'), 0o666)
    writeFileSync(join(root, 'tool'), 'x')
    chmodSync(join(root, 'tool'), 0o755)
    symlinkSync(outside, join(root, 'link'))

    lockDown(root)
    expect(modeOf(join(root, 'base'))).toBe(0o700)
    expect(modeOf(join(root, 'base', '1', '1259'))).toBe(0o600)
    expect(modeOf(join(root, 'tool'))).toBe(0o700)
    expect(modeOf(outside)).toBe(0o644)
    expect(shared(root)).toEqual([])
  })
})

describe('the data folder of a started server', () => {
  it('holds the database and the JWT secret where no other local user reaches them', async () => {
    const dataDir = join(tempDir(), 'data')
    resolveJwtSecret({ jwtSecret: undefined, dataDir })
    const db = openDatabase({ dataDir })
    try {
      await sql`create table t (x integer)`.execute(db)
      // The folders are closed from the start, whatever PGlite does with its files' modes.
      expect(modeOf(dataDir)).toBe(0o700)
      expect(modeOf(join(dataDir, 'pgdata'))).toBe(0o700)
      lockDown(dataDir)
      expect(shared(dataDir)).toEqual([])
    } finally {
      await db.destroy()
    }
  })
})
