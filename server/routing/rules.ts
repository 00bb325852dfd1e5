/**
 * The routing decision, pure: which rule of routing_rules (migration 0013) sends a tote or a
 * parcel where. A rule matches when its kind is the thing's and each criterion it sets (carrier,
 * route, order statuses) is the order's; the highest priority wins, then the rule that sets more
 * criteria (the more specific), then the oldest. Exceptions (unknown, empty, cancelled, voided)
 * are decided before, by the caller (route.ts): they never depend on a rule someone may delete.
 */
import type { OrderStatus, RoutingKind } from '../../contract/index.ts'

export interface RoutingRule {
  id: number
  kind: RoutingKind
  carrierId: number | null
  route: 'mono' | 'multi' | null
  orderStatuses: readonly OrderStatus[] | null
  priority: number
  station: string
  /** Null: the carrier slip group's dock lane. */
  lane: string | null
  confirmRequired: boolean
  reason: string
}

/** What is known of the scanned thing's order. */
export interface RoutingFacts {
  kind: RoutingKind
  carrierId: number | null
  route: 'mono' | 'multi'
  status: OrderStatus
}

const criteria = (rule: RoutingRule) =>
  Number(rule.carrierId !== null) + Number(rule.route !== null) + Number(rule.orderStatuses !== null)

export function matches(rule: RoutingRule, facts: RoutingFacts): boolean {
  return (
    rule.kind === facts.kind &&
    (rule.carrierId === null || rule.carrierId === facts.carrierId) &&
    (rule.route === null || rule.route === facts.route) &&
    (rule.orderStatuses === null || rule.orderStatuses.includes(facts.status))
  )
}

/** The rule that decides, or null when none matches. */
export function chooseRule(rules: readonly RoutingRule[], facts: RoutingFacts): RoutingRule | null {
  let best: RoutingRule | null = null
  for (const rule of rules) {
    if (!matches(rule, facts)) continue
    if (
      best === null ||
      rule.priority > best.priority ||
      (rule.priority === best.priority && criteria(rule) > criteria(best)) ||
      (rule.priority === best.priority && criteria(rule) === criteria(best) && rule.id < best.id)
    )
      best = rule
  }
  return best
}

/** A multi order's units travel in a tote; a mono order's one unit goes to the dock by product. */
export const routeOf = (pickingType: string): 'mono' | 'multi' =>
  pickingType.startsWith('multi') ? 'multi' : 'mono'
