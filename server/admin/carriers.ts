/**
 * Carriers (issue 16): which of the carrier integrations this server has are in use, their weight
 * limit, the box types each accepts, and its slip group (the dock lane and the pickup time the
 * carrier slip screen counts down to). Services come from the integration and are only shown.
 */
import type { AdminCarrier, AdminCarrierBody } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import { CARRIER_CODES, CARRIERS, isCarrierCode } from '../carriers/registry.ts'
import type { Db } from '../db/connect.ts'
import { invalid, notFound } from '../http/errors.ts'
import { lockAdmin, recordChange, uniquely } from './audit.ts'
import { ADMIN_MESSAGES, conflict } from './errors.ts'

type Actor = Pick<AuthUser, 'id' | 'username'>

export async function listCarriers(db: Db, id?: number): Promise<AdminCarrier[]> {
  let query = db
    .selectFrom('carriers as c')
    .leftJoin('carrier_slip_groups as g', 'g.carrier_id', 'c.id')
    .select((eb) => [
      'c.id',
      'c.code',
      'c.name',
      'c.max_parcel_grams',
      'g.code as group_code',
      'g.name as group_name',
      'g.pickup_time',
      'g.dock_lane',
      eb
        .selectFrom('box_type_carriers as bc')
        .innerJoin('box_types as b', 'b.id', 'bc.box_type_id')
        .select((e) => e.fn.agg<string[]>('array_agg', ['b.code']).as('codes'))
        .whereRef('bc.carrier_id', '=', 'c.id')
        .as('box_types'),
    ])
    .orderBy('c.name')
  if (id !== undefined) query = query.where('c.id', '=', id)
  return (await query.execute()).map((c) => ({
    id: c.id,
    code: c.code,
    name: c.name,
    maxParcelGrams: c.max_parcel_grams,
    services: isCarrierCode(c.code)
      ? CARRIERS[c.code].services.map(({ code, name }) => ({ code, name }))
      : [],
    boxTypes: [...(c.box_types ?? [])].sort(),
    slipGroup:
      c.group_code === null
        ? null
        : {
            code: c.group_code,
            name: c.group_name ?? '',
            pickupTime: c.pickup_time ?? '',
            dockLane: c.dock_lane ?? '',
          },
  }))
}

async function carrierById(db: Db, id: number): Promise<AdminCarrier> {
  const [carrier] = await listCarriers(db, id)
  if (!carrier) throw notFound(ADMIN_MESSAGES.carrierNotFound)
  return carrier
}

async function applyBody(trx: Db, id: number, body: AdminCarrierBody, before: AdminCarrier | null) {
  await trx
    .updateTable('carriers')
    .set({ name: body.name, max_parcel_grams: body.maxParcelGrams })
    .where('id', '=', id)
    .execute()
  const codes = [...new Set(body.boxTypes)]
  const boxes = codes.length
    ? await trx.selectFrom('box_types').select(['id', 'code']).where('code', 'in', codes).execute()
    : []
  const unknown = codes.filter((c) => !boxes.some((b) => b.code === c))
  if (unknown.length) throw invalid(ADMIN_MESSAGES.unknownBoxTypes(unknown), 'boxTypes')
  await trx.deleteFrom('box_type_carriers').where('carrier_id', '=', id).execute()
  if (boxes.length)
    await trx
      .insertInto('box_type_carriers')
      .values(boxes.map((b) => ({ box_type_id: b.id, carrier_id: id })))
      .execute()

  const group = body.slipGroup
  if (!group) {
    // Its slips name the group: once it has any, the group stays (its pickup time can change).
    if (before?.slipGroup)
      throw conflict('Ce transporteur a des bordereaux : son groupe ne peut plus être retiré.', 'slipGroup')
    return
  }
  const values = {
    code: group.code,
    name: group.name,
    pickup_time: group.pickupTime,
    dock_lane: group.dockLane,
  }
  await uniquely(
    () =>
      trx
        .insertInto('carrier_slip_groups')
        .values({ carrier_id: id, ...values })
        .onConflict((oc) => oc.column('carrier_id').doUpdateSet(values))
        .execute(),
    { carrier_slip_groups_code_key: ['slipGroup', ADMIN_MESSAGES.slipGroupTaken(group.code)] },
  )
}

export async function createCarrier(
  db: Db,
  actor: Actor,
  body: AdminCarrierBody & { code: string },
): Promise<AdminCarrier> {
  if (!isCarrierCode(body.code))
    throw invalid(
      `Transporteur inconnu de ce serveur : les codes possibles sont ${CARRIER_CODES.join(', ')}.`,
      'code',
    )
  return db.transaction().execute(async (trx) => {
    await lockAdmin(trx)
    const { id } = await uniquely(
      () =>
        trx
          .insertInto('carriers')
          .values({ code: body.code, name: body.name })
          .returning('id')
          .executeTakeFirstOrThrow(),
      { carriers_code_key: ['code', `Le transporteur « ${body.code} » existe déjà.`] },
    )
    await applyBody(trx, id, body, null)
    const after = await carrierById(trx, id)
    await recordChange(trx, actor, {
      entity: 'carrier',
      key: body.code,
      action: 'create',
      before: null,
      after,
    })
    return after
  })
}

export async function updateCarrier(
  db: Db,
  actor: Actor,
  id: number,
  body: AdminCarrierBody,
): Promise<AdminCarrier> {
  return db.transaction().execute(async (trx) => {
    await lockAdmin(trx)
    const before = await carrierById(trx, id)
    await applyBody(trx, id, body, before)
    const after = await carrierById(trx, id)
    await recordChange(trx, actor, { entity: 'carrier', key: after.code, action: 'update', before, after })
    return after
  })
}
