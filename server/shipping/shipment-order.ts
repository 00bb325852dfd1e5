/**
 * An order at the packing station (docs/specification.md §7.11 `GET /rest/warehouse/shipment/order/{orderName}`):
 * found by its name or by the tote it was picked into (the packer scans whichever is at hand),
 * then its packaging view (packaging-view.ts) with what the packer needs beside it: customer,
 * the carrier's services, gift message, customizations and their files, and for an order
 * cancelled after picking, where its units go back instead of into a parcel.
 */
import { sql } from 'kysely'
import { ERROR_CODES, type PickingType, type ShipmentOrder } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import { HttpError } from '../http/errors.ts'
import { customizationFilesOf } from '../order-information/customization-files.ts'
import { stockNotFound } from '../kernel/errors.ts'
import { loadPackState, type PackState } from './packaging-state.ts'
import { packagingView } from './packaging-view.ts'
import { SHIPMENT_MESSAGES as M } from './shipment-messages.ts'
import { putBackOf } from './shipment-putback.ts'
import type { IssueDocument } from './tracking-label.ts'
import { servicesOf } from './tracking-parcels.ts'

/** The order's name, from its name (any case) or its tote's code; refused when neither. */
export async function resolveOrderName(db: Db, scanned: string): Promise<string> {
  const text = scanned.trim()
  const { rows } = await sql<{ order: string | null; tote: string | null; toteOrder: string | null }>`
    select (select o.name from orders o where o.name in (${text}, upper(${text})) limit 1) as "order",
           (select t.code from totes t where t.code = upper(${text})) as tote,
           (select o.name from totes t join orders o on o.id = t.order_id where t.code = upper(${text})) as "toteOrder"
  `.execute(db)
  const row = rows[0]
  if (row?.order) return row.order
  if (row?.toteOrder) return row.toteOrder
  if (row?.tote) throw stockNotFound(M.emptyTote(row.tote))
  throw stockNotFound(M.unknownOrder(text))
}

/** 409 'order_cancelled' for a whole order: its units go back, each to where it was picked. */
export async function cancelledRefusal(db: Db, state: PackState): Promise<HttpError> {
  const putBack = await putBackOf(db, [state.order.id])
  const places = [...new Set(putBack.flatMap((p) => (p.location ? [p.location] : [])))]
  return new HttpError(409, {
    code: ERROR_CODES.orderCancelled,
    message: M.cancelled(state.order.name),
    order: state.order.name,
    ...(places.length > 0 && { putBack: places.join(', ') }),
  })
}

/** Picked units of a cancelled order: they must go back rather than ship. */
export const cancelledAfterPick = (state: PackState) =>
  state.order.status === 'cancelled' && state.lines.some((l) => l.picked > 0)

interface Extra {
  pickingType: PickingType
  email: string | null
  tote: string | null
  gifts: string[] | null
  customizations: Record<string, string> | null
}

/** `issueDocument` signs the links of its customization files. */
export async function shipmentOrderView(
  db: Db,
  user: AuthUser,
  scanned: string,
  issueDocument: IssueDocument,
): Promise<ShipmentOrder> {
  const state = await loadPackState(db, user, await resolveOrderName(db, scanned))
  const { rows } = await sql<Extra>`
    select o.picking_type as "pickingType", o.customer_email as email,
           (select t.code from totes t where t.order_id = o.id) as tote,
           (select array_agg(distinct l.gift_message) from order_lines l
             where l.order_id = o.id and coalesce(l.gift_message, '') <> '') as gifts,
           (select json_object_agg(l.id, l.customization)
              from order_lines l where l.order_id = o.id and coalesce(l.customization, '') <> '') as customizations
      from orders o where o.id = ${state.order.id}
  `.execute(db)
  const extra = rows[0] as Extra
  const view = packagingView(state)
  return {
    ...view,
    pickingType: extra.pickingType,
    tote: extra.tote,
    customer: { name: state.order.shipTo.name, email: extra.email },
    services: servicesOf(state.order),
    giftMessage: extra.gifts?.join('\n') || null,
    customizations: view.lines.flatMap((l) => {
      const text = extra.customizations?.[l.orderLine]
      return text ? [{ orderLine: l.orderLine, product: l.product, text }] : []
    }),
    customizationFiles: await customizationFilesOf(db, state.order.id, issueDocument),
    cancelled: cancelledAfterPick(state)
      ? { message: M.cancelled(state.order.name), putBack: await putBackOf(db, [state.order.id]) }
      : null,
  }
}
