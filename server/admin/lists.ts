/**
 * The ordered lists the floor picks from (issue 16): scrap reasons, return origins, wait reasons.
 * Saved whole, in their new order. An item is never deleted, only retired: movements and returns
 * name it, and a retired item is no longer offered.
 */
import { sql } from 'kysely'
import type { AdminListItem, AdminListName } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import { invalid } from '../http/errors.ts'
import { lockAdmin, recordChange } from './audit.ts'
import { ADMIN_MESSAGES } from './errors.ts'

type Actor = Pick<AuthUser, 'id' | 'username'>
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

export async function saveList(
  db: Db,
  actor: Actor,
  list: AdminListName,
  items: readonly { id?: number; label: string; active: boolean }[],
): Promise<AdminListItem[]> {
  const labels = new Set<string>()
  for (const item of items) {
    const key = item.label.toLocaleLowerCase('fr')
    if (labels.has(key)) throw invalid(ADMIN_MESSAGES.listDuplicate(item.label), 'items')
    labels.add(key)
  }
  const table = TABLES[list]
  return db.transaction().execute(async (trx) => {
    await lockAdmin(trx)
    const before = await readList(trx, list)
    const known = new Set(before.map((i) => i.id))
    for (const item of items)
      if (item.id !== undefined && !known.has(item.id))
        throw invalid(ADMIN_MESSAGES.listItemUnknown(item.id), 'items')
    // Labels are unique: park every label first, so two items may swap names in one save.
    await sql`update ${sql.table(table)} set label = chr(1) || id::text`.execute(trx)
    const kept = new Set<number>()
    for (const [position, item] of items.entries()) {
      if (item.id === undefined) {
        await trx.insertInto(table).values({ label: item.label, position, active: item.active }).execute()
      } else {
        kept.add(item.id)
        await trx
          .updateTable(table)
          .set({ label: item.label, position, active: item.active })
          .where('id', '=', item.id)
          .execute()
      }
    }
    // Left out of the list: retired, under its old label, after the others.
    for (const old of before.filter((i) => !kept.has(i.id)))
      await trx
        .updateTable(table)
        .set({ label: old.label, active: false, position: items.length })
        .where('id', '=', old.id)
        .execute()
    const after = await readList(trx, list)
    await recordChange(trx, actor, {
      entity: list,
      key: list,
      action: 'update',
      before: { items: before },
      after: { items: after },
    })
    return after
  })
}
