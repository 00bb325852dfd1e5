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
import { type Actor, adminWrite } from './audit.ts'

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
  return adminWrite(db, actor, 'locations', async (trx) => {
    const there = await trx
      .selectFrom('locations')
      .select('name')
      .where(sql<boolean>`lower(name) = any(${names}::text[])`)
      .execute()
    const known = new Map(there.map((r) => [r.name.toLowerCase(), r.name]))
    const fresh = asked.filter((n) => !known.has(n.toLowerCase()))
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
    const created = fresh.filter((n) => made.has(n))
    // Reported as the site spells them, which may differ in case from what was typed.
    const existing = asked.filter((n) => !made.has(n)).map((n) => known.get(n.toLowerCase()) ?? n)
    // Nothing new: nothing to record.
    const change =
      created.length === 0
        ? null
        : {
            key: LOCATION_KIND_LABELS[body.kind],
            action: 'create' as const,
            before: null,
            after: { created },
          }
    return { change, answer: { created, existing } }
  })
}
