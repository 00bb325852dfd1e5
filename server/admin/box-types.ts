/** Box types (issue 16): what the packers choose from, with inner size, tare and weight limit. */
import type { AdminBoxType, AdminBoxTypeBody } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import { invalid, notFound } from '../http/errors.ts'
import { lockAdmin, recordChange, uniquely } from './audit.ts'
import { ADMIN_MESSAGES } from './errors.ts'

type Actor = Pick<AuthUser, 'id' | 'username'>

export async function listBoxTypes(db: Db, id?: number): Promise<AdminBoxType[]> {
  let query = db.selectFrom('box_types').selectAll().orderBy('code')
  if (id !== undefined) query = query.where('id', '=', id)
  return (await query.execute()).map((b) => ({
    id: b.id,
    code: b.code,
    name: b.name,
    innerLengthMm: b.inner_length_mm,
    innerWidthMm: b.inner_width_mm,
    innerHeightMm: b.inner_height_mm,
    tareGrams: b.tare_grams,
    maxWeightGrams: b.max_weight_grams,
  }))
}

const columns = (b: AdminBoxTypeBody) => {
  if (b.maxWeightGrams <= b.tareGrams) throw invalid(ADMIN_MESSAGES.boxTooLight, 'maxWeightGrams')
  return {
    code: b.code,
    name: b.name,
    inner_length_mm: b.innerLengthMm,
    inner_width_mm: b.innerWidthMm,
    inner_height_mm: b.innerHeightMm,
    tare_grams: b.tareGrams,
    max_weight_grams: b.maxWeightGrams,
  }
}

const unique = (b: AdminBoxTypeBody) => ({
  box_types_code_key: ['code', ADMIN_MESSAGES.boxTypeCodeTaken(b.code)] as [string, string],
})

async function boxTypeById(db: Db, id: number): Promise<AdminBoxType> {
  const [box] = await listBoxTypes(db, id)
  if (!box) throw notFound(ADMIN_MESSAGES.boxTypeNotFound)
  return box
}

export async function createBoxType(db: Db, actor: Actor, body: AdminBoxTypeBody): Promise<AdminBoxType> {
  const values = columns(body)
  return db.transaction().execute(async (trx) => {
    await lockAdmin(trx)
    const { id } = await uniquely(
      () => trx.insertInto('box_types').values(values).returning('id').executeTakeFirstOrThrow(),
      unique(body),
    )
    const after = await boxTypeById(trx, id)
    await recordChange(trx, actor, {
      entity: 'box-type',
      key: body.code,
      action: 'create',
      before: null,
      after,
    })
    return after
  })
}

export async function updateBoxType(
  db: Db,
  actor: Actor,
  id: number,
  body: AdminBoxTypeBody,
): Promise<AdminBoxType> {
  const values = columns(body)
  return db.transaction().execute(async (trx) => {
    await lockAdmin(trx)
    const before = await boxTypeById(trx, id)
    await uniquely(
      () => trx.updateTable('box_types').set(values).where('id', '=', id).execute(),
      unique(body),
    )
    const after = await boxTypeById(trx, id)
    await recordChange(trx, actor, { entity: 'box-type', key: after.code, action: 'update', before, after })
    return after
  })
}
