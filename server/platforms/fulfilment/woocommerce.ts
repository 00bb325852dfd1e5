/**
 * WooCommerce (README.md beside this file): the REST API v3, HTTP Basic with the consumer key and
 * secret over HTTPS. The order is read first: one cancelled, refunded, failed or in the trash is
 * refused rather than brought back to life as completed. Then it is marked completed (unless it
 * is), and the tracking numbers go in an order note, shown to the customer and mailed by
 * WooCommerce when the shop notifies its customers, unless the same note is already there. So a
 * second run after a failure writes nothing twice.
 */
import { httpOutcome, isRecord, jsonOf } from './http-outcome.ts'
import type { Connection } from './settings.ts'
import {
  carrierOf,
  type FulfilmentAdapter,
  type PlatformRequest,
  type PlatformResponse,
  type ShippedOrder,
  type Step,
} from './types.ts'

type WooConnection = Extract<Connection, { platform: 'woocommerce' }>
const LABEL = 'WooCommerce'
/** The statuses a shipped order must not leave (the reference's list: pending … trash). */
const CLOSED_STATUSES = ['cancelled', 'refunded', 'failed', 'trash']

export function orderUrl(connection: WooConnection, orderId: string): string {
  return `${connection.baseUrl}/wp-json/wc/v3/orders/${orderId}`
}

function request(
  connection: WooConnection,
  method: PlatformRequest['method'],
  url: string,
  body?: object,
): PlatformRequest {
  const credentials = Buffer.from(`${connection.consumerKey}:${connection.consumerSecret}`).toString('base64')
  const headers: Record<string, string> = { Authorization: `Basic ${credentials}` }
  if (body) headers['Content-Type'] = 'application/json'
  return { method, url, headers, body: body ? JSON.stringify(body) : null }
}

/** The note's text, in French like the shop's customers: the carrier and each tracking number. */
export function trackingNote(shipment: ShippedOrder): string {
  const carrier = carrierOf(shipment)
  const by = carrier ? ` par ${carrier}` : ''
  const numbers = shipment.parcels.map((parcel) =>
    parcel.trackingUrl ? `${parcel.trackingNumber} (${parcel.trackingUrl})` : parcel.trackingNumber,
  )
  if (numbers.length === 1) return `Commande expédiée${by}. Numéro de suivi : ${numbers[0]}.`
  return `Commande expédiée${by} en ${numbers.length} colis. Numéros de suivi : ${numbers.join(', ')}.`
}

/** The calls, each as the reference's example of it ('Retrieve an order', 'Update an Order', …). */
export const wooRequests = {
  readOrder: (connection: WooConnection, id: string) => request(connection, 'GET', orderUrl(connection, id)),
  complete: (connection: WooConnection, id: string) =>
    request(connection, 'PUT', orderUrl(connection, id), { status: 'completed' }),
  readNotes: (connection: WooConnection, id: string) =>
    request(connection, 'GET', `${orderUrl(connection, id)}/notes`),
  addNote: (connection: WooConnection, id: string, note: string) =>
    request(connection, 'POST', `${orderUrl(connection, id)}/notes`, {
      note,
      customer_note: connection.notifyCustomer,
    }),
}

export function woocommerceAdapter(connection: WooConnection): FulfilmentAdapter {
  return {
    platform: 'woocommerce',
    label: LABEL,
    next(shipment: ShippedOrder, answers: readonly PlatformResponse[]): Step {
      const id = shipment.platformOrderId.trim()
      if (!/^\d+$/.test(id))
        return {
          done: {
            outcome: 'refused',
            reason: `L’identifiant de commande WooCommerce « ${id} » n’est pas un nombre.`,
          },
        }
      for (const answer of answers) {
        const failed = httpOutcome(LABEL, answer)
        if (failed) return { done: failed }
      }
      const [order, ...rest] = answers
      if (order === undefined) return { request: wooRequests.readOrder(connection, id) }
      const read = jsonOf(order.body)
      const status = isRecord(read) ? String(read.status) : ''
      if (CLOSED_STATUSES.includes(status))
        return {
          done: {
            outcome: 'refused',
            reason: `WooCommerce indique la commande « ${status} » : elle n’a pas été marquée terminée ; vérifiez-la dans WooCommerce.`,
          },
        }
      const after = status === 'completed' ? rest : rest.slice(1)
      if (status !== 'completed' && rest.length === 0)
        return { request: wooRequests.complete(connection, id) }
      if (shipment.parcels.length === 0) return { done: { outcome: 'sent' } }
      const [notes, added] = after
      if (notes === undefined) return { request: wooRequests.readNotes(connection, id) }
      const note = trackingNote(shipment)
      const listed = jsonOf(notes.body)
      if (Array.isArray(listed) && listed.some((kept) => isRecord(kept) && kept.note === note))
        return { done: { outcome: 'sent', detail: 'La note de suivi était déjà sur la commande.' } }
      if (added === undefined) return { request: wooRequests.addNote(connection, id, note) }
      return { done: { outcome: 'sent' } }
    },
  }
}
