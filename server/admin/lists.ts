/**
 * The ordered lists the floor picks from (issue 16): scrap reasons, return origins, wait reasons.
 * Saved whole, in their new order. An item is never deleted, only retired: movements and returns
 * name it, and a retired item is no longer offered.
 */
import { sql } from 'kysely'
import type { AdminListItem, AdminListName } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { invalid } from '../http/errors.ts'
import { type Actor, adminChange } from './audit.ts'
import { ADMIN_MESSAGES } from './errors.ts'

const TABLES = {
  'scrap-reasons': 'rebut_reasons',
  'return-origins': 'return_origins',
  'wait-reasons': 'return_wait_reasons',
} as const satisfies Record<AdminListName, string>

export async function readList(db: Db, list: AdminListName): Promise<AdminListItem[]> {
  return db
    .selectFrom(TABLES[list])
    .select(['id', 'label', 'active'])
    .orderBy('active', 'desc')
    .orderBy('position')
    .orderBy('id')
    .execute()
}

type Item = { id?: number; label: string; active: boolean }

/**
 * Labels are unique, retired items' included (they keep theirs): a label given twice, or the
 * label of an item left out of the list, is refused in French before anything is written.
 */
function checkLabels(items: readonly Item[], leftOut: readonly AdminListItem[]) {
  const taken = new Map(leftOut.map((i) => [i.label.toLocaleLowerCase('fr'), i]))
  const seen = new Set<string>()
  for (const item of items) {
    const key = item.label.toLocaleLowerCase('fr')
    if (seen.has(key)) throw invalid(ADMIN_MESSAGES.listDuplicate(item.label), 'items')
    if (taken.has(key)) throw invalid(ADMIN_MESSAGES.listRetired(item.label), 'items')
    seen.add(key)
  }
}

export async function saveList(
  db: Db,
  actor: Actor,
  list: AdminListName,
  items: readonly Item[],
): Promise<AdminListItem[]> {
  const table = TABLES[list]
  const saved = await adminChange(db, actor, list, async (trx) => {
    const before = await readList(trx, list)
    const known = new Set(before.map((i) => i.id))
    for (const item of items)
      if (item.id !== undefined && !known.has(item.id))
        throw invalid(ADMIN_MESSAGES.listItemUnknown(item.id), 'items')
    const kept = new Set(items.flatMap((i) => (i.id === undefined ? [] : [i.id])))
    const leftOut = before.filter((i) => !kept.has(i.id))
    checkLabels(items, leftOut)
    // Park every kept label first, so two items may swap names in one save.
    await sql`update ${sql.table(table)} set label = chr(1) || id::text where id = any(${[...kept]}::integer[])`.execute(
      trx,
    )
    for (const [position, item] of items.entries()) {
      const values = { label: item.label, position, active: item.active }
      if (item.id === undefined) await trx.insertInto(table).values(values).execute()
      else await trx.updateTable(table).set(values).where('id', '=', item.id).execute()
    }
    // Left out of the list: retired, under its label, after the others.
    if (leftOut.length > 0)
      await trx
        .updateTable(table)
        .set({ active: false, position: items.length })
        .where(
          'id',
          'in',
          leftOut.map((i) => i.id),
        )
        .execute()
    const after = await readList(trx, list)
    return { key: list, action: 'update', before: { items: before }, after: { items: after } }
  })
  return saved.items
}
