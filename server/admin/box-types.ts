/** Box types (issue 16): what the packers choose from, with inner size, tare and weight limit. */
import type { AdminBoxType, AdminBoxTypeBody } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { invalid } from '../http/errors.ts'
import { type Actor, adminChange, found, uniquely } from './audit.ts'
import { ADMIN_MESSAGES } from './errors.ts'

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
  box_types_code_key: ['code', ADMIN_MESSAGES.boxTypeCodeTaken(b.code)] as const,
})

const boxTypeById = async (db: Db, id: number) =>
  found(await listBoxTypes(db, id), ADMIN_MESSAGES.boxTypeNotFound)

export async function createBoxType(db: Db, actor: Actor, body: AdminBoxTypeBody): Promise<AdminBoxType> {
  const values = columns(body)
  return adminChange(db, actor, 'box-type', async (trx) => {
    const { id } = await uniquely(
      () => trx.insertInto('box_types').values(values).returning('id').executeTakeFirstOrThrow(),
      unique(body),
    )
    return { key: body.code, action: 'create', before: null, after: await boxTypeById(trx, id) }
  })
}

export async function updateBoxType(
  db: Db,
  actor: Actor,
  id: number,
  body: AdminBoxTypeBody,
): Promise<AdminBoxType> {
  const values = columns(body)
  return adminChange(db, actor, 'box-type', async (trx) => {
    const before = await boxTypeById(trx, id)
    await uniquely(
      () => trx.updateTable('box_types').set(values).where('id', '=', id).execute(),
      unique(body),
    )
    const after = await boxTypeById(trx, id)
    return { key: after.code, action: 'update', before, after }
  })
}
