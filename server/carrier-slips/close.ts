/**
 * `POST /rest/warehouse/carrier-slip/{carrierSlipGroup}`: closes the group's open slip with the
 * parcels loaded, in one transaction on the group's locked row, so two closes of one group run one
 * after the other and the second finds nothing left to load (409). Its Idempotency-Key is claimed
 * like the picking print's (kernel/idempotency-key.ts) and stores the slip closed: the same key
 * answers that slip again. The close writes the slip's parcels (slip_parcels: a parcel's key, so
 * never on two slips), its figures, the shipping effects (ship.ts) and opens the next slip. A user
 * who does not work for every shop with parcels waiting on the slip may not close it (403, issue
 * 31): the close would move those parcels to the next slip.
 */
import type { FastifyRequest } from 'fastify'
import { sql, type Transaction } from 'kysely'
import { ERROR_CODES } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import { normalizeTrackingNumber } from '../carriers/numbers.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { manifestTitle } from '../documents/manifest.ts'
import { forbidden, MESSAGES } from '../http/errors.ts'
import { keyedTransaction, requestKeyOf } from '../kernel/idempotency-key.ts'
import { refusal, stockNotFound } from '../kernel/errors.ts'
import { SLIP_MESSAGES as M } from './messages.ts'
import { shipParcels } from './ship.ts'
import { othersWaiting, type WaitingParcel, waitingParcels } from './waiting.ts'

interface Ctx {
  db: Db
  user: AuthUser
  request: FastifyRequest
}

interface Group {
  id: number
  code: string
  carrierName: string
}

/** The closed slip's id (carrier_slips.id), and whether it is the replay of an earlier close. */
export async function closeSlip(
  ctx: Ctx,
  groupCode: string,
  asked: readonly string[] | undefined,
): Promise<{ slipId: number; replayed: boolean }> {
  const { db, user } = ctx
  const key = await requestKeyOf(db, ctx.request, user.id)
  const outcome = await keyedTransaction(
    db,
    key,
    async (trx) => {
      const { rows: found } = await sql<Group>`
      select g.id, g.code, c.name as "carrierName"
        from carrier_slip_groups g join carriers c on c.id = g.carrier_id
       where g.code = ${groupCode}
         for update of g
    `.execute(trx)
      const group = found[0]
      if (!group) throw stockNotFound(M.unknownGroup(groupCode))
      const slip = await trx
        .selectFrom('carrier_slips')
        .select(['id', 'seq', 'number'])
        .where('group_id', '=', group.id)
        .where('status', '=', 'open')
        .executeTakeFirstOrThrow()

      const waiting = await lockWaiting(trx, user, group.id)
      const loaded = asked === undefined ? waiting : await checkLoaded(trx, user, group, waiting, asked)
      // The parcels of other shops would be moved to the next slip: only a user of every shop may.
      const others = await othersWaiting(trx, user.shops, group.id)
      if (others > 0) throw forbidden(M.othersWaiting(slip.number, others))
      if (loaded.length === 0) throw refusal(409, ERROR_CODES.conflict, M.empty(slip.number))

      await trx
        .insertInto('slip_parcels')
        .values(
          loaded.map((p) => ({
            parcel_id: p.parcelId,
            slip_id: slip.id,
            tracking_number_id: p.trackingId,
            weight_grams: p.weightGrams,
          })),
        )
        .execute()
      await trx
        .updateTable('carrier_slips')
        .set({
          status: 'closed',
          closed_at: sql`now()`,
          closed_by: user.id,
          parcel_count: loaded.length,
          total_weight_grams: loaded.reduce((sum, p) => sum + p.weightGrams, 0),
          manifest_title: manifestTitle(slip.number),
        })
        .where('id', '=', slip.id)
        .execute()
      await shipParcels(
        trx,
        loaded.map((p) => p.parcelId),
        user.id,
        slip.number,
      )
      await sql`
      insert into carrier_slips (group_id, seq, number, opened_by)
      values (${group.id}, ${slip.seq + 1}, carrier_slip_number(${group.code}, ${slip.seq + 1}), ${user.id})
    `.execute(trx)
      return { slipId: slip.id }
    },
    M.keyReused,
  )
  return { slipId: outcome.body.slipId, replayed: outcome.replayed }
}

/**
 * The waiting parcels with their orders' rows locked (in id order), read again under the locks:
 * labelling and voiding lock the order first, so what is read then stays true until the commit,
 * and a close never holds a parcel row while it waits for an order (no deadlock with a void).
 */
async function lockWaiting(trx: Transaction<Database>, user: AuthUser, groupId: number) {
  const seen = await waitingParcels(trx, user.shops, groupId)
  const ids = [...new Set(seen.map((p) => p.orderId))].sort((a, b) => a - b)
  if (ids.length === 0) return []
  await sql`select id from orders where id = any(${ids}::integer[]) order by id for update`.execute(trx)
  const locked = new Set(ids)
  // A parcel labelled meanwhile, of an order not locked here, waits for the next slip.
  return (await waitingParcels(trx, user.shops, groupId)).filter((p) => locked.has(p.orderId))
}

/** The parcels named, each waiting on this slip; the first that is not says why (404, 403, 409). */
async function checkLoaded(
  db: Db,
  user: AuthUser,
  group: Group,
  waiting: readonly WaitingParcel[],
  asked: readonly string[],
): Promise<WaitingParcel[]> {
  const byNumber = new Map(waiting.map((p) => [p.trackingNumber, p]))
  const numbers = [...new Set(asked.map(normalizeTrackingNumber))]
  const missing = numbers.filter((n) => !byNumber.has(n))
  if (missing.length > 0) throw await whyNotWaiting(db, user, group, missing)
  return numbers.map((n) => byNumber.get(n) as WaitingParcel)
}

async function whyNotWaiting(db: Db, user: AuthUser, group: Group, numbers: string[]) {
  const { rows } = await sql<{
    number: string
    active: boolean
    shop: string
    order: string
    groupId: number | null
    carrier: string
    slip: string | null
  }>`
    select t.number, t.status = 'active' as active, s.slug as shop, o.name as "order", g.id as "groupId",
           c.name as carrier,
           (select cs.number from slip_parcels sp join carrier_slips cs on cs.id = sp.slip_id
             where sp.parcel_id = p.id) as slip
      from tracking_numbers t
      join parcels p on p.id = t.parcel_id
      join orders o on o.id = p.order_id
      join shops s on s.id = o.shop_id
      join carriers c on c.id = t.carrier_id
      left join carrier_slip_groups g on g.carrier_id = t.carrier_id
     where t.number = any(${numbers}::text[])
     order by t.status = 'active' desc, t.id desc
  `.execute(db)
  for (const number of numbers) {
    const row = rows.find((r) => r.number === number)
    if (!row) return stockNotFound(M.unknownNumber(number))
    if (!user.shops.includes(row.shop)) return forbidden(MESSAGES.shopForbidden(row.shop))
    const why = !row.active
      ? M.voided(number)
      : row.slip
        ? M.onSlip(number, row.slip)
        : row.groupId !== group.id
          ? M.otherCarrier(number, row.carrier, group.code)
          : M.notReady(number, row.order)
    return refusal(409, ERROR_CODES.conflict, why)
  }
  throw new Error('whyNotWaiting: every number waits')
}
