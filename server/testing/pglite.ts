/**
 * A PGlite of a test's own, started from this run's tarballs (tests/setup/server-db.ts) rather than
 * made by initdb (~3.5 s of CPU each, ~1 from a tarball), on whichever engine the suite runs.
 * Outside Vitest's runner (a script), a new cluster as a site gets.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { inject } from 'vitest'
import { untar } from '../ops/untar.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * PGlite data folders as tarballs, whatever the suite's engine (tests/setup/server-db.ts): blank
     * (initdb only), migrated, seeded.
     */
    testPgliteTemplates: Record<PgliteTemplate, string>
  }
}

export type PgliteTemplate = 'blank' | 'migrated' | 'seeded'

function templateFile(template: PgliteTemplate): string | undefined {
  try {
    return inject('testPgliteTemplates')[template]
  } catch {
    return undefined // not under Vitest's runner
  }
}

/** An in-memory PGlite: blank (as after initdb) unless another template is named. */
export function pgliteInMemory(template: PgliteTemplate = 'blank'): PGlite {
  const file = templateFile(template)
  if (!file && template !== 'blank') throw new Error(`no ${template} PGlite template outside Vitest`)
  return new PGlite(file ? { loadDataDir: new Blob([readFileSync(file)]) } : {})
}

/**
 * Fills `pgdata` (a data folder's database folder) from a template, unpacked on disk: PGlite's own
 * loadDataDir goes through its in-WebAssembly file system, far slower for a seeded database. Outside
 * Vitest there is none, and whoever opens the folder makes its database.
 */
export function preparePgdata(pgdata: string, template: PgliteTemplate = 'blank'): void {
  const file = templateFile(template)
  if (file) untar(readFileSync(file), pgdata)
}

/** DATA_DIR/pgdata from a template (a site's data folder: server/config.ts). */
export const prepareDataDir = (dataDir: string, template: PgliteTemplate): void =>
  preparePgdata(join(dataDir, 'pgdata'), template)
