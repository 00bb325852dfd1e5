/**
 * Shopify (README.md beside this file): the GraphQL Admin API. First the order's fulfillment
 * orders are read; then one fulfillmentCreate per location for those Shopify lets be fulfilled
 * now (status OPEN or IN_PROGRESS, with the CREATE_FULFILLMENT action), with the tracking
 * numbers. A second run after a failure reads them again: those already fulfilled are CLOSED,
 * so nothing is fulfilled twice.
 */
import { isRecord, withDetail } from './http-outcome.ts'
import {
  FULFILLMENT_CREATE,
  FULFILLMENT_ORDERS_QUERY,
  fulfillmentVariables,
  graphqlData,
  graphqlRequest,
  LABEL,
  messages,
  orderGid,
  records,
  type ShopifyConnection,
} from './shopify-graphql.ts'
import type { FulfilmentAdapter, FulfilmentOutcome, PlatformResponse, ShippedOrder, Step } from './types.ts'

/** The fulfillment orders to fulfil now, grouped by location (one fulfillmentCreate each), or the outcome. */
export function plan(shipment: ShippedOrder, data: Record<string, unknown>): string[][] | FulfilmentOutcome {
  if (!isRecord(data.order))
    return { outcome: 'refused', reason: `Shopify ne connaît pas la commande ${shipment.platformOrderId}.` }
  const connection = isRecord(data.order.fulfillmentOrders) ? data.order.fulfillmentOrders : {}
  const nodes = records(connection.nodes)
  const statuses = nodes.map((node) => String(node.status))
  const open = nodes.filter(
    (node) =>
      (node.status === 'OPEN' || node.status === 'IN_PROGRESS') &&
      records(node.supportedActions).some((supported) => supported.action === 'CREATE_FULFILLMENT'),
  )
  if (open.length === 0) {
    if (statuses.includes('CLOSED') && statuses.every((s) => s === 'CLOSED' || s === 'CANCELLED'))
      return { outcome: 'sent', detail: 'Shopify indiquait déjà la commande expédiée.' }
    if (statuses.length > 0 && statuses.every((s) => s === 'CANCELLED'))
      return { outcome: 'refused', reason: 'Shopify indique la commande annulée : rien n’a été expédié.' }
    return {
      outcome: 'refused',
      reason: `Shopify ne permet pas d’expédier cette commande maintenant (${statuses.join(', ') || 'aucune demande d’expédition'}) : levez la retenue ou vérifiez le lieu d’expédition dans Shopify, puis renvoyez.`,
    }
  }
  const groups = new Map<string, string[]>()
  for (const node of open) {
    const assigned = isRecord(node.assignedLocation) ? node.assignedLocation : {}
    const key = isRecord(assigned.location) ? String(assigned.location.id) : ''
    groups.set(key, [...(groups.get(key) ?? []), String(node.id)])
  }
  return [...groups.values()]
}

/** One fulfillmentCreate's answer: null when it fulfilled, else the outcome. */
export function createdOutcome(response: PlatformResponse): FulfilmentOutcome | null {
  const read = graphqlData(response)
  if ('outcome' in read) return read
  const payload = read.data.fulfillmentCreate
  if (!isRecord(payload))
    return {
      outcome: 'retry',
      afterMs: 0,
      reason: 'Shopify a répondu sans résultat : nouvel essai plus tard.',
    }
  const userErrors = records(payload.userErrors)
  if (userErrors.length > 0)
    return { outcome: 'refused', reason: withDetail('Shopify a refusé l’expédition', messages(userErrors)) }
  return null
}

export function shopifyAdapter(connection: ShopifyConnection): FulfilmentAdapter {
  return {
    platform: 'shopify',
    label: LABEL,
    next(shipment: ShippedOrder, answers: readonly PlatformResponse[]): Step {
      const id = orderGid(shipment.platformOrderId)
      if (id === null)
        return {
          done: {
            outcome: 'refused',
            reason: `L’identifiant de commande Shopify « ${shipment.platformOrderId} » n’est pas valide.`,
          },
        }
      const [first, ...created] = answers
      if (first === undefined)
        return { request: graphqlRequest(connection, FULFILLMENT_ORDERS_QUERY, { id }) }
      const read = graphqlData(first)
      if ('outcome' in read) return { done: read }
      const groups = plan(shipment, read.data)
      if (!Array.isArray(groups)) return { done: groups }
      for (const answer of created) {
        const outcome = createdOutcome(answer)
        if (outcome) return { done: outcome }
      }
      const group = groups[created.length]
      if (group === undefined) return { done: { outcome: 'sent' } }
      const variables = fulfillmentVariables(shipment, group, connection.notifyCustomer)
      return { request: graphqlRequest(connection, FULFILLMENT_CREATE, variables) }
    },
  }
}
