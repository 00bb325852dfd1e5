/**
 * Storage locations (issue 16): a new site (SEED=off) has none, so the admin area creates them in
 * bulk, by name and kind. Names are unique whatever their case, as the floor scans and types them:
 * a name already there is reported, never duplicated nor changed.
 */
import { sql } from 'kysely'
import {
  type AdminLocation,
  type AdminLocationBody,
  type AdminLocationCreateResult,
  LOCATION_KIND_LABELS,
} from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { type Actor, adminChange } from './audit.ts'

export async function listLocations(db: Db): Promise<AdminLocation[]> {
  return db
    .selectFrom('locations')
    .select(['id', 'name', 'kind'])
    .orderBy(sql`name collate "C"`)
    .execute()
}

export async function createLocations(
  db: Db,
  actor: Actor,
  body: AdminLocationBody,
): Promise<AdminLocationCreateResult> {
  // The first spelling of a name given twice (in any case) is the one kept.
  const seen = new Set<string>()
  const asked = body.names.filter((n) => !seen.has(n.toLowerCase()) && seen.add(n.toLowerCase()))
  const names = asked.map((n) => n.toLowerCase())
  const spelled = async (trx: Db) => {
    const there = await trx
      .selectFrom('locations')
      .select('name')
      .where(sql<boolean>`lower(name) = any(${names}::text[])`)
      .execute()
    return new Map(there.map((r) => [r.name.toLowerCase(), r.name]))
  }
  const spelling = (known: Map<string, string>) => (n: string) => known.get(n.toLowerCase()) ?? n
  const known = await spelled(db)
  // Nothing new: nothing to write, nor to record.
  if (asked.every((n) => known.has(n.toLowerCase())))
    return { created: [], existing: asked.map(spelling(known)) }
  let existing: string[] = []
  const { created } = await adminChange(db, actor, 'locations', async (trx) => {
    const now = await spelled(trx)
    const fresh = asked.filter((n) => !now.has(n.toLowerCase()))
    const inserted =
      fresh.length === 0
        ? []
        : await trx
            .insertInto('locations')
            .values(fresh.map((name) => ({ name, kind: body.kind })))
            .onConflict((oc) => oc.column('name').doNothing())
            .returning('name')
            .execute()
    const made = new Set(inserted.map((r) => r.name))
    // Reported as the site spells them, which may differ in case from what was typed.
    existing = asked.filter((n) => !made.has(n)).map(spelling(now))
    return {
      key: LOCATION_KIND_LABELS[body.kind],
      action: 'create',
      before: null,
      after: { created: fresh.filter((n) => made.has(n)) },
    }
  })
  return { created, existing }
}
