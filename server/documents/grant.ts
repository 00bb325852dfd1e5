/**
 * Who may have a document again, and under which title (the print history's reprint,
 * routes/document-relink.ts). A signed link names a document; a fresh link to it goes only to a
 * caller the endpoints that give that kind of document would give it to: one of their roles, and
 * the shop of what it shows (a product's, an order's, a batch's, every parcel's of a slip). The
 * roles are read from the contract's entries, so they cannot drift from the original calls.
 */
import { sql } from 'kysely'
import { endpoints } from '../../contract/endpoints.ts'
import { type EndpointDef, ERROR_CODES } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import { forbidden, HttpError, MESSAGES } from '../http/errors.ts'
import { carrierLabelTitle } from './carrier-label-pdf.ts'
import { manifestTitle } from './manifest.ts'
import { packingSlipTitle } from './packing-slip.ts'
import { pickListTitle } from './pick-list.ts'
import { PICKING_COMMANDS_TITLE } from './picking-commands.ts'
import { boxesTitle, locationsTitle, productsTitle } from './render.ts'
import type { DocumentSpec } from './token.ts'

export const GRANT_MESSAGES = {
  gone: "Ce document n'existe plus : il ne peut pas être réimprimé.",
  voided: 'Cette étiquette transporteur a été annulée : elle ne peut pas être réimprimée.',
} as const

type Kind = DocumentSpec['kind']
const rolesOf = (...defs: EndpointDef[]) => [...new Set(defs.flatMap((def) => def.roles ?? []))]

/** The roles of the calls that give each kind of document. */
export const DOCUMENT_ROLES: Record<Kind, readonly string[]> = {
  locations: rolesOf(endpoints.locationLabels),
  boxes: rolesOf(endpoints.boxLabels),
  products: rolesOf(endpoints.productLabels),
  'pick-list': rolesOf(endpoints.pickingPrint, endpoints.pickingPrintCampaign, endpoints.pickingReprint),
  'picking-commands': rolesOf(endpoints.pickingCommandsSheet),
  // Shipment and tracking give labels; the order detail lists them with a link too.
  'carrier-label': rolesOf(
    endpoints.trackingNumberRead,
    endpoints.shipmentOrderMultiPrint,
    endpoints.orderDetail,
  ),
  'packing-slip': rolesOf(endpoints.shipmentOrderMultiPrint),
  'carrier-slip-manifest': rolesOf(endpoints.carrierSlipClose, endpoints.carrierSlipList),
  'customization-file': rolesOf(
    endpoints.orderCustomizationFiles,
    endpoints.orderDetail,
    endpoints.shipmentOrder,
  ),
}

const gone = (message: string = GRANT_MESSAGES.gone) =>
  new HttpError(410, { code: ERROR_CODES.notFound, message })

/** What the document shows: its title and the shops (slugs) of what is in it. */
interface Described {
  title: string
  shops: readonly string[]
}

/** The document's title when `user` may have it; throws the French 403 or 410 otherwise. */
export async function grantDocument(db: Db, user: AuthUser, spec: DocumentSpec): Promise<string> {
  if (!DOCUMENT_ROLES[spec.kind].some((role) => user.roles.includes(role))) throw forbidden()
  const described = await describe(db, spec)
  const foreign = described.shops.find((shop) => !user.shops.includes(shop))
  if (foreign !== undefined) throw forbidden(MESSAGES.shopForbidden(foreign))
  return described.title
}

async function describe(db: Db, spec: DocumentSpec): Promise<Described> {
  switch (spec.kind) {
    case 'locations': {
      const rows = await db
        .selectFrom('locations')
        .select('name')
        .where('id', 'in', spec.args.ids)
        .orderBy(sql`name collate "C"`)
        .execute()
      if (rows.length === 0) throw gone()
      return { title: locationsTitle(rows.map((r) => r.name)), shops: [] }
    }
    case 'boxes':
      return { title: boxesTitle(spec.args.from, spec.args.to), shops: [] }
    case 'products': {
      const rows = await db
        .selectFrom('products')
        .innerJoin('shops', 'shops.id', 'products.shop_id')
        .select(['products.sku', 'shops.slug'])
        .where('products.id', 'in', spec.args.ids)
        .orderBy(sql`products.sku collate "C"`)
        .execute()
      if (rows.length === 0) throw gone()
      const title = productsTitle(
        rows.map((r) => r.sku),
        spec.args.copies,
      )
      return { title, shops: rows.map((r) => r.slug) }
    }
    case 'pick-list': {
      const batch = await db
        .selectFrom('picking_batches')
        .innerJoin('shops', 'shops.id', 'picking_batches.shop_id')
        .select(['picking_batches.name', 'shops.slug'])
        .where('picking_batches.id', '=', spec.args.batchId)
        .executeTakeFirst()
      if (!batch) throw gone()
      return { title: pickListTitle(batch.name), shops: [batch.slug] }
    }
    case 'picking-commands':
      return { title: PICKING_COMMANDS_TITLE, shops: [] }
    case 'carrier-label': {
      const label = await db
        .selectFrom('tracking_numbers as t')
        .innerJoin('parcels as p', 'p.id', 't.parcel_id')
        .innerJoin('orders as o', 'o.id', 'p.order_id')
        .innerJoin('shops as s', 's.id', 'o.shop_id')
        .innerJoin('carriers as c', 'c.id', 't.carrier_id')
        .select(['t.number', 't.status', 'c.name as carrierName', 's.slug'])
        .where('t.id', '=', spec.args.id)
        .executeTakeFirst()
      if (!label) throw gone()
      // As the link itself: a voided label's number no longer travels (documents/render.ts).
      if (label.status !== 'active') throw gone(GRANT_MESSAGES.voided)
      return {
        title: carrierLabelTitle({ carrierName: label.carrierName, trackingNumber: label.number }),
        shops: [label.slug],
      }
    }
    case 'packing-slip': {
      const order = await orderOf(db, spec.args.orderId)
      return { title: packingSlipTitle(order.name), shops: [order.slug] }
    }
    case 'carrier-slip-manifest': {
      const slip = await db
        .selectFrom('carrier_slips')
        .select(['number'])
        .where('id', '=', spec.args.slipId)
        .where('status', '=', 'closed')
        .executeTakeFirst()
      if (!slip) throw gone()
      const shops = await db
        .selectFrom('slip_parcels as sp')
        .innerJoin('parcels as p', 'p.id', 'sp.parcel_id')
        .innerJoin('orders as o', 'o.id', 'p.order_id')
        .innerJoin('shops as s', 's.id', 'o.shop_id')
        .select('s.slug')
        .distinct()
        .where('sp.slip_id', '=', spec.args.slipId)
        .execute()
      return { title: manifestTitle(slip.number), shops: shops.map((r) => r.slug) }
    }
    case 'customization-file': {
      const file = await db
        .selectFrom('customization_files')
        .select(['name', 'order_id'])
        .where('id', '=', spec.args.id)
        .executeTakeFirst()
      if (!file) throw gone()
      const order = await orderOf(db, file.order_id)
      return { title: file.name, shops: [order.slug] }
    }
  }
}

async function orderOf(db: Db, orderId: number): Promise<{ name: string; slug: string }> {
  const order = await db
    .selectFrom('orders')
    .innerJoin('shops', 'shops.id', 'orders.shop_id')
    .select(['orders.name', 'shops.slug'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst()
  if (!order) throw gone()
  return order
}
