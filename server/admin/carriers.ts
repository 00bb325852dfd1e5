/**
 * Carriers (issue 16): which of the carrier integrations this server has are in use, their weight
 * limit, the box types each accepts, and its slip group (the dock lane and the pickup time the
 * carrier slip screen counts down to). Services come from the integration and are only shown.
 */
import type { AdminCarrier, AdminCarrierBody } from '../../contract/index.ts'
import { CARRIER_CODES, CARRIERS, isCarrierCode } from '../carriers/registry.ts'
import type { Db } from '../db/connect.ts'
import { conflict, invalid } from '../http/errors.ts'
import { type Actor, adminChange, found, uniquely } from './audit.ts'
import { ADMIN_MESSAGES } from './errors.ts'

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

const carrierById = async (db: Db, id: number) =>
  found(await listCarriers(db, id), ADMIN_MESSAGES.carrierNotFound)

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
    // A group has slips from its creation on (a trigger opens the first, db/functions/shipping.sql), and its
    // slips name it: once set, the group stays (its pickup time can change).
    if (before?.slipGroup) throw conflict(ADMIN_MESSAGES.slipGroupKept, 'slipGroup')
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
  if (!isCarrierCode(body.code)) throw invalid(ADMIN_MESSAGES.unknownCarrier(CARRIER_CODES), 'code')
  return adminChange(db, actor, 'carrier', async (trx) => {
    const { id } = await uniquely(
      () =>
        trx
          .insertInto('carriers')
          .values({ code: body.code, name: body.name })
          .returning('id')
          .executeTakeFirstOrThrow(),
      { carriers_code_key: ['code', ADMIN_MESSAGES.carrierExists(body.code)] },
    )
    await applyBody(trx, id, body, null)
    return { key: body.code, action: 'create', before: null, after: await carrierById(trx, id) }
  })
}

export async function updateCarrier(
  db: Db,
  actor: Actor,
  id: number,
  body: AdminCarrierBody,
): Promise<AdminCarrier> {
  return adminChange(db, actor, 'carrier', async (trx) => {
    const before = await carrierById(trx, id)
    await applyBody(trx, id, body, before)
    const after = await carrierById(trx, id)
    return { key: after.code, action: 'update', before, after }
  })
}
