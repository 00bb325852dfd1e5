/**
 * A reference server in memory for the 'Expédition' screen tests, typed by the contract: one mono
 * batch (monoBatch()), one multi order (multiOrder(), also found by its tote), labels numbered in
 * order, mono scans applied once per Idempotency-Key, a network that can be cut, and a carrier
 * that can refuse the next label.
 */
import {
  orderException,
  shipmentMonoBatch,
  shipmentOrder,
  shipmentOrderMono,
  shipmentOrderMulti,
  shipmentOrderMultiPrint,
  trackingNumberAdd,
  trackingNumberRead,
  type MonoShipment,
  type ScannedParcel,
} from '@contract'
import { HttpResponse } from 'msw'
import { monoBatch, multiOrder, parcelLabel, shippedFrom } from '../../src/testing/shipment.ts'
import { apiError, handle } from './contract.ts'

export function shipmentServer() {
  const s = {
    batch: monoBatch(),
    network: true,
    /** The next label asked is refused by the carrier with this message. */
    refuseNext: null as string | null,
    /** Every request sent, in order ('mono 3760… key', 'multi …', 'print …', 'add …', 'read …', 'exception …'). */
    log: [] as string[],
    /** Mono answers by Idempotency-Key: a replay answers the same, never a second parcel. */
    byKey: new Map<string, MonoShipment>(),
    labels: 0,
    orders: 0,
  }
  const byCode = (code: string) =>
    s.batch.products.find((p) => p.product.ean13 === code || p.product.sku === code.toUpperCase())
  const carrierRefusal = (order: string) => {
    const message = `Commande ${order} : ${s.refuseNext}`
    s.refuseNext = null
    return HttpResponse.json({ code: 'carrier_refused', message, retryable: false, order }, { status: 502 })
  }
  const nextNumber = () => `8L${String(++s.labels).padStart(11, '0')}`
  const orderOf = (name: string) => {
    if (['ML-2001', 'CAISSE-000007'].includes(name.toUpperCase())) return multiOrder()
    // The mono orders have their carrier's services too (asked after a carrier's refusal).
    if (/^ML-10\d\d$/.test(name))
      return multiOrder({ order: { ...multiOrder().order, name, status: 'packed' } })
    return null
  }

  const handlers = [
    handle(shipmentMonoBatch, ({ params }) =>
      String(params.pickingName).toUpperCase() === s.batch.batch.name
        ? s.batch
        : apiError(404, 'not_found', `Liste de picking inconnue : ${params.pickingName}`),
    ),
    handle(shipmentOrder, ({ params }) => {
      if (!s.network) return HttpResponse.error()
      return (
        orderOf(String(params.orderName)) ??
        apiError(404, 'not_found', `Commande ou caisse inconnue : ${params.orderName}`)
      )
    }),
    handle(shipmentOrderMono, async ({ request }) => {
      const key = request.headers.get('Idempotency-Key') ?? ''
      const body = (await request.json()) as { pickingName: string; product: string }
      s.log.push(`mono ${body.product} ${key}`)
      // The request reached nobody, or its answer was lost: the device cannot tell.
      if (!s.network) return HttpResponse.error()
      const known = s.byKey.get(key)
      if (known) return known
      const product = byCode(body.product)
      if (!product)
        return apiError(409, 'wrong_product', `Le produit ${body.product} n'est pas dans la liste.`)
      const order = `ML-10${String(++s.orders).padStart(2, '0')}`
      if (s.refuseNext) return carrierRefusal(order)
      s.batch = shippedFrom(s.batch, product.product.sku)
      const label = parcelLabel(order, nextNumber())
      const answer: MonoShipment = {
        order: { name: order, customer: `Client ${order}`, status: 'labelled', units: 1 },
        carrier: label.carrier,
        service: label.service,
        label,
        batch: s.batch,
      }
      s.byKey.set(key, answer)
      return answer
    }),
    handle(shipmentOrderMulti, async ({ request }) => {
      const body = (await request.json()) as { order: string; parcels: ScannedParcel[] }
      s.log.push(`multi ${body.order} ${JSON.stringify(body.parcels)}`)
      return { ...multiOrder(), order: { ...multiOrder().order, status: 'packed' as const }, complete: true }
    }),
    handle(shipmentOrderMultiPrint, async ({ request }) => {
      const body = (await request.json()) as { order: string; service?: string }
      s.log.push(`print ${body.order}${body.service ? ` ${body.service}` : ''}`)
      if (s.refuseNext) return carrierRefusal('ML-2001')
      const labels = [1, 2].map((seq) => parcelLabel('ML-2001', nextNumber(), seq, 2))
      const packingSlip = {
        title: 'Bon de livraison ML-2001',
        url: 'https://docs/slip.pdf',
        format: 'pdf' as const,
        expiresAt: 'x',
      }
      return { order: { name: 'ML-2001', status: 'labelled' as const }, labels, packingSlip }
    }),
    handle(trackingNumberAdd, ({ request, params }) => {
      const service = new URL(request.url).searchParams.get('service')
      s.log.push(`add ${params.order}${service ? ` ${service}` : ''}`)
      return parcelLabel(String(params.order), nextNumber())
    }),
    handle(orderException, async ({ request, params }) => {
      if (!s.network) return HttpResponse.error()
      const { reason } = (await request.json()) as { reason: string }
      s.log.push(`exception ${params.order} ${reason}`)
      const order = orderOf(String(params.order)) ?? multiOrder()
      return { ...order, order: { ...order.order, status: 'exception' as const }, parcels: [] }
    }),
    handle(trackingNumberRead, ({ params }) => {
      s.log.push(`read ${params.order} ${params.trackingNumber}`)
      const label = parcelLabel(String(params.order), String(params.trackingNumber))
      return { ...label, label: { ...label.label, url: `${label.label.url}?fresh` } }
    }),
  ]
  return { state: s, handlers }
}
