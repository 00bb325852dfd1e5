/**
 * Box and package routing (docs/specification.md §7.7): what is known of a scanned tote or parcel, read in one
 * statement, then either an exception (unknown, empty, cancelled with where its units go back,
 * voided, in exception, already shipped) or the routing rule that matches (rules.ts). An order of
 * a shop the user does not work for is refused, as loadPackOrder refuses it.
 */
import { sql } from 'kysely'
import {
  EXCEPTIONS_STATION,
  isToteCode,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type RoutingAnswer,
  type RoutingKind,
} from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import { normalizeTrackingNumber } from '../carriers/numbers.ts'
import type { Db } from '../db/connect.ts'
import { forbidden, MESSAGES } from '../http/errors.ts'
import { putBackOf } from '../shipping/shipment-putback.ts'
import { EXCEPTIONS_LANE, ROUTING_MESSAGES as M } from './messages.ts'
import { chooseRule, routeOf, type RoutingRule } from './rules.ts'

/** The order a tote or parcel belongs to, with its carrier and the carrier's slip group. */
interface OrderFacts {
  orderId: number | null
  order: string | null
  status: OrderStatus | null
  pickingType: string | null
  shop: string | null
  carrierId: number | null
  carrierCode: string | null
  carrierName: string | null
  groupCode: string | null
  groupName: string | null
  dockLane: string | null
}

const ORDER_FACTS = sql`o.id as "orderId", o.name as "order", o.status, o.picking_type as "pickingType",
  s.slug as shop, c.id as "carrierId", c.code as "carrierCode", c.name as "carrierName",
  g.code as "groupCode", g.name as "groupName", g.dock_lane as "dockLane"`

type Answer = Omit<RoutingAnswer, 'kind' | 'code'>

function exception(facts: OrderFacts | null, reason: string): Answer {
  return {
    destination: { station: EXCEPTIONS_STATION, lane: EXCEPTIONS_LANE },
    carrierSlipGroup: null,
    reason,
    exception: true,
    confirmRequired: true,
    order: orderOf(facts),
    carrier: carrierOf(facts),
  }
}

const orderOf = (f: OrderFacts | null) => (f?.order && f.status ? { name: f.order, status: f.status } : null)
const carrierOf = (f: OrderFacts | null) =>
  f?.carrierCode && f.carrierName ? { code: f.carrierCode, name: f.carrierName } : null

export async function routeBox(db: Db, user: AuthUser, scanned: string): Promise<RoutingAnswer> {
  const code = scanned.trim().toUpperCase()
  const answer = (a: Answer): RoutingAnswer => ({ kind: 'box', code, ...a })
  if (!isToteCode(code)) return answer(exception(null, M.notATote(code)))
  const { rows } = await sql<OrderFacts & { printed: number; bound: boolean }>`
    select (select b.last_number from box_counter b) as printed, t.code is not null as bound, ${ORDER_FACTS}
      from (select ${code}::text as code) x
      left join totes t on t.code = x.code
      left join orders o on o.id = t.order_id
      left join shops s on s.id = o.shop_id
      left join carriers c on c.id = o.carrier_id
      left join carrier_slip_groups g on g.carrier_id = c.id
  `.execute(db)
  const facts = rows[0] as OrderFacts & { printed: number }
  if (Number(code.slice('CAISSE-'.length)) > facts.printed)
    return answer(exception(null, M.unknownTote(code)))
  if (facts.orderId === null) return answer(exception(null, M.emptyTote(code)))
  checkShop(user, facts)
  const status = facts.status as OrderStatus
  if (status === 'cancelled' || status === 'exception') return answer(await orderException(db, facts))
  // A tote is free once its order has left the picking states (migration 0010): it holds nothing.
  if (status !== 'picking' && status !== 'picked') return answer(exception(null, M.emptyTote(code)))
  return answer(await byRule(db, 'box', facts))
}

export async function routePackage(db: Db, user: AuthUser, scanned: string): Promise<RoutingAnswer> {
  const code = normalizeTrackingNumber(scanned)
  const answer = (a: Answer): RoutingAnswer => ({ kind: 'package', code, ...a })
  const { rows } = await sql<OrderFacts & { active: boolean; slip: string | null }>`
    select t.status = 'active' as active,
           (select cs.number from slip_parcels sp join carrier_slips cs on cs.id = sp.slip_id
             where sp.parcel_id = p.id) as slip,
           ${ORDER_FACTS}
      from tracking_numbers t
      join parcels p on p.id = t.parcel_id
      join orders o on o.id = p.order_id
      join shops s on s.id = o.shop_id
      join carriers c on c.id = t.carrier_id
      left join carrier_slip_groups g on g.carrier_id = c.id
     where t.number = ${code}
     order by t.status = 'active' desc, t.id desc
     limit 1
  `.execute(db)
  const facts = rows[0]
  if (!facts) return answer(exception(null, M.unknownPackage(code)))
  checkShop(user, facts)
  const order = facts.order as string
  if (facts.status === 'cancelled' || facts.status === 'exception')
    return answer(await orderException(db, facts))
  if (!facts.active) return answer(exception(facts, M.voided(code, order)))
  if (facts.slip) return answer(exception(facts, M.shipped(code, facts.slip)))
  if (!facts.groupCode) return answer(exception(facts, M.noSlipGroup(facts.carrierName as string)))
  return answer(await byRule(db, 'package', facts))
}

function checkShop(user: AuthUser, facts: OrderFacts): void {
  if (facts.shop && !user.shops.includes(facts.shop)) throw forbidden(MESSAGES.shopForbidden(facts.shop))
}

/** A cancelled order's units go back where they were picked; an order in exception is looked at. */
async function orderException(db: Db, facts: OrderFacts): Promise<Answer> {
  const order = facts.order as string
  if (facts.status === 'exception') return exception(facts, M.inException(order))
  return exception(facts, M.cancelled(order, await putBackOf(db, [facts.orderId as number])))
}

async function byRule(db: Db, kind: RoutingKind, facts: OrderFacts): Promise<Answer> {
  const rows = await db
    .selectFrom('routing_rules')
    .select(['id', 'kind', 'carrier_id', 'route', 'order_statuses', 'priority', 'station', 'lane'])
    .select(['confirm_required', 'reason'])
    .where('active', '=', true)
    .where('kind', '=', kind)
    .execute()
  const rules: RoutingRule[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    carrierId: r.carrier_id,
    route: r.route,
    orderStatuses: r.order_statuses,
    priority: r.priority,
    station: r.station,
    lane: r.lane,
    confirmRequired: r.confirm_required,
    reason: r.reason,
  }))
  const status = facts.status as OrderStatus
  const route = routeOf(facts.pickingType as string)
  const rule = chooseRule(rules, { kind, carrierId: facts.carrierId, route, status })
  const group =
    kind === 'package' && facts.groupCode ? { code: facts.groupCode, name: facts.groupName as string } : null
  const lane = rule?.lane ?? (kind === 'package' ? facts.dockLane : null)
  if (!rule || lane === null)
    return exception(facts, M.noRule(facts.order as string, ORDER_STATUS_LABELS[status]))
  return {
    destination: { station: rule.station, lane },
    carrierSlipGroup: group,
    reason: rule.reason,
    exception: false,
    confirmRequired: rule.confirmRequired,
    order: orderOf(facts),
    carrier: carrierOf(facts),
  }
}
