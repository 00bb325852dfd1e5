/**
 * A unit scanned from a mono batch (docs/specification.md §7.11 `POST /rest/warehouse/shipment/order/mono`), after
 * Shopfloor's checkout: the unit binds the batch's first order still to label that holds its
 * product (priority first, then the oldest). A mono order is one line: it is packed whole in the
 * product's default box, or the first box its carrier takes that carries it when the carrier
 * refuses that one (the packaging PUT's own code, packaging-save.ts), and labelled
 * (tracking-issue.ts), all in ONE
 * transaction under a lock on the batch: two packers scanning the same product at once bind two
 * orders, one after the other, and a scan either packs and labels or writes nothing.
 *
 * Its Idempotency-Key is claimed in that transaction, and its outcome stored there: a retried
 * scan answers the label it made, never a second parcel. A carrier's refusal is an outcome too:
 * the order stays packed, the serial the carrier burnt is kept (tracking-issue.ts), the 502 is
 * stored and thrown after the commit. The packer sets that unit aside and goes on: the next scans
 * bind the other orders, and a scan of the product once they are all labelled tries the packed
 * order's label again (as `/rest/order/{order}/tracking-number/add` does at any time).
 *
 * Orders cancelled after picking are passed over while another order needs the product; a unit
 * left over for one of them is refused with the shelf it goes back to (shipment-putback.ts).
 */
import { sql, type Transaction } from 'kysely'
import { ERROR_CODES, type OrderStatus } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { HttpError } from '../http/errors.ts'
import { readScannedCode } from '../picking/pick-codes.ts'
import { refusal } from '../kernel/errors.ts'
import { claimColumn, type RequestKey, replayed, storeOutcome } from '../kernel/idempotency-key.ts'
import { productLabel } from './packaging-messages.ts'
import { packOrder } from './packaging-save.ts'
import { loadPackState } from './packaging-state.ts'
import { LABELLED_PARCEL, type MonoBatchRef, SHIPPABLE } from './shipment-batch.ts'
import { scannedProductName } from './shipment-items.ts'
import { SHIPMENT_MESSAGES as M } from './shipment-messages.ts'
import { PICKED_FROM, putBackRefusal } from './shipment-putback.ts'
import { carrierRefused, labelOrder } from './tracking-issue.ts'

/** What a mono scan did, as its Idempotency-Key stores it: the label's id and the order. */
export interface MonoShipped {
  labelId: number
  order: { name: string; customer: string; units: number }
}

interface Candidate {
  id: number
  line: number
  name: string
  status: OrderStatus
  customer: string
  /** It has one: a label can be asked. */
  carrier: boolean
  sku: string
  product: string
  units: number
  box: string | null
  ownBox: string
  shipped: number
  location: string | null
}

export async function shipMonoUnit(
  db: Db,
  user: AuthUser,
  batch: MonoBatchRef,
  code: string,
  k: RequestKey | null,
): Promise<MonoShipped> {
  const outcome = await db.transaction().execute(async (trx) => {
    // Scans of one batch run one after the other; the binding below reads after the lock.
    const { rows } = await sql<{ claimed: boolean }>`
      select pg_advisory_xact_lock(hashtext(${`shipment-mono:${batch.id}`})), ${claimColumn(k)} as claimed
    `.execute(trx)
    if (k && !rows[0]?.claimed) return { shipped: await replayed<MonoShipped>(trx, k) }

    const order = await bindOrder(trx, batch, code)
    // The order read once, locked, for packing and labelling both.
    let state = await loadPackState(trx, user, order.name, true)
    if (order.status === 'picked') {
      // Its one line, whole, in one parcel; no box the carrier takes: the PUT's own refusal says so.
      const lines = [{ orderLine: order.line, quantity: order.units }]
      state = await packOrder(trx, user, state, [{ boxType: order.box ?? order.ownBox, lines }])
    }
    const labelled = await labelOrder(trx, user, state, {})
    if (!('id' in labelled)) {
      const { status, body } = carrierRefused(labelled)
      const error = new HttpError(status, {
        ...body,
        message: M.refusedFor(order.name, body.message),
        order: order.name,
      })
      await storeOutcome(trx, k, error.status, error.body)
      return { refusal: error }
    }
    const shipped = {
      labelId: labelled.id,
      order: { name: order.name, customer: order.customer, units: order.units },
    }
    await storeOutcome(trx, k, 200, shipped)
    return { shipped }
  })
  if ('refusal' in outcome) throw outcome.refusal
  return outcome.shipped
}

/** The order the unit ships for, or the refusal that says why none. */
async function bindOrder(trx: Transaction<Database>, batch: MonoBatchRef, code: string): Promise<Candidate> {
  const keys = readScannedCode(code).productKeys
  const { rows } = await sql<Candidate>`
    select o.id, o.name, o.status, l.id as line, o.customer_name as customer, o.carrier_id is not null as carrier,
           p.sku, p.name as product,
           l.picked_quantity as units,
           -- Its box: the product's own when the carrier takes it, else the first the carrier takes
           -- that carries the unit (lightest limit first); null when it takes none.
           (select b.code from box_types b
             where o.carrier_id is null
                or exists (select 1 from box_type_carriers bc where bc.box_type_id = b.id and bc.carrier_id = o.carrier_id)
             order by b.id = p.default_box_type_id desc,
                      b.max_weight_grams >= b.tare_grams + l.picked_quantity * p.weight_grams desc,
                      b.max_weight_grams, b.code
             limit 1) as box,
           coalesce((select b.code from box_types b where b.id = p.default_box_type_id), '') as "ownBox",
           coalesce((select sum(pl.quantity) from parcel_lines pl join parcels pa on pa.id = pl.parcel_id
                      where pl.order_line_id = l.id and pa.status in ${LABELLED_PARCEL}), 0)::integer as shipped,
           case when o.status = 'cancelled' then ${PICKED_FROM} end as location
      from batch_orders bo
      join orders o on o.id = bo.order_id
      join order_lines l on l.order_id = o.id
      join products p on p.id = l.product_id
     where bo.batch_id = ${batch.id} and l.picked_quantity > 0
       and (p.sku = any(${keys}::text[]) or p.ean13 = any(${keys}::text[]))
     order by o.priority desc, o.created_at, o.id
  `.execute(trx)
  const open = rows.filter((r) => SHIPPABLE.has(r.status) && r.units > r.shipped)
  // A picked order first; a packed one is an earlier scan whose label the carrier refused: it is
  // tried again once no other order needs the product, so a refusal never blocks the batch.
  const bound =
    open.find((r) => r.status === 'picked' && r.carrier) ?? open.find((r) => r.status === 'packed')
  if (bound) return bound
  const noCarrier = open.find((r) => !r.carrier)
  if (noCarrier)
    throw new HttpError(409, {
      code: ERROR_CODES.noCarrier,
      message: M.noCarrier(noCarrier.name),
      order: noCarrier.name,
    })
  const cancelled = rows.find((r) => r.status === 'cancelled')
  if (cancelled) throw putBackRefusal(cancelled.name, cancelled.location)
  // Its unit is in a parcel set aside (a label the carrier refused, issue 31): not shipped, and
  // not this screen's any more. Said as such, with where it is taken up.
  const aside = rows.find((r) => r.status === 'exception' && r.units > r.shipped)
  if (aside)
    throw new HttpError(409, {
      code: ERROR_CODES.orderStatus,
      message: M.setAside(productLabel({ name: aside.product, sku: aside.sku }), aside.name),
      order: aside.name,
    })
  const first = rows[0]
  if (first)
    throw refusal(
      409,
      ERROR_CODES.tooMany,
      M.allShipped(productLabel({ name: first.product, sku: first.sku }), batch.name),
    )
  throw refusal(
    409,
    ERROR_CODES.wrongProduct,
    M.notInBatch(await scannedProductName(trx, batch.shop, code), batch.name),
  )
}
