/**
 * The test runs leave nothing in the temporary folder: the browser tests' data folder (~40–60 MB a
 * run, playwright.config.ts) goes when Playwright's main process ends, never when one of its
 * workers (which load the config too) does; the server tests' templates left by a killed run go at
 * the next run (tests/setup/server-db.ts).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { removeStale } from '../../tests/setup/server-db.ts'

const ROOT = join(import.meta.dirname, '../..')

/** Loads playwright.config.ts as Playwright's main process does, then once more as a worker. */
const MAIN = `
  const { existsSync } = await import('node:fs')
  const { execFileSync } = await import('node:child_process')
  await import('./playwright.config.ts')
  const dir = process.env.E2E_DATA_DIR
  execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', "await import('./playwright.config.ts')"])
  console.log(JSON.stringify({ dir, afterWorker: existsSync(dir) }))`

describe('temporary folders of the test runs', () => {
  const root = mkdtempSync(join(tmpdir(), 'entrepot-temp-folders-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  const loadConfig = (env: Record<string, string>) => {
    const { E2E_DATA_DIR: _ignored, ...inherited } = process.env
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', MAIN], {
      cwd: ROOT,
      env: { ...inherited, ...env },
      encoding: 'utf8',
    })
    expect(run.status, run.stderr).toBe(0)
    return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { dir: string; afterWorker: boolean }
  }

  it("the browser tests' data folder lives as long as Playwright's main process", () => {
    const tmp = join(root, 'tmp')
    mkdirSync(tmp)
    const { dir, afterWorker } = loadConfig({ TMPDIR: tmp })
    expect(dir.startsWith(join(tmp, 'entrepot-e2e-'))).toBe(true)
    expect(afterWorker).toBe(true)
    expect(existsSync(dir)).toBe(false)
    expect(readdirSync(tmp).filter((name) => name.startsWith('entrepot-'))).toEqual([]) // tsx keeps its cache
  }, 60_000)

  it('a data folder given as E2E_DATA_DIR is kept', () => {
    const given = join(root, 'given')
    mkdirSync(given)
    expect(loadConfig({ E2E_DATA_DIR: given }).dir).toBe(given)
    expect(existsSync(given)).toBe(true)
  }, 60_000)

  it("the server tests' templates of a run killed before its teardown are removed", () => {
    const tmp = join(root, 'templates')
    const dead = spawnSync('true').pid!
    for (const name of [`entrepot-test-db-${dead}-a1`, `entrepot-test-db-${process.pid}-b2`, 'other-c3'])
      mkdirSync(join(tmp, name), { recursive: true })
    removeStale(tmp)
    expect(readdirSync(tmp).sort()).toEqual([`entrepot-test-db-${process.pid}-b2`, 'other-c3'])
  })
})
