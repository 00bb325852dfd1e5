/**
 * Shipment, 'Expédition' (docs/specification.md §7.11): the work is in server/shipping (shipment-batch.ts,
 * shipment-mono.ts, shipment-order.ts, shipment-multi.ts); here the Idempotency-Key is read and
 * the label and packing-slip links are signed for this request's host, after the commit (a
 * replay answers fresh links to the same documents).
 */
import type { FastifyRequest } from 'fastify'
import type { endpoints } from '../../contract/endpoints.ts'
import type { ParcelLabel } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { packingSlipTitle } from '../documents/packing-slip.ts'
import type { AppDeps, Handler } from '../http/register.ts'
import { loadMonoBatch, monoBatchView } from '../shipping/shipment-batch.ts'
import { shipMonoUnit } from '../shipping/shipment-mono.ts'
import { packScanned, printOrderLabels } from '../shipping/shipment-multi.ts'
import { shipmentOrderView } from '../shipping/shipment-order.ts'
import { labelView, loadLabel } from '../shipping/tracking-label.ts'
import { requestKeyOf } from '../kernel/idempotency-key.ts'
import { signer } from './order-tracking.ts'
import { issue } from './print.ts'

type E = typeof endpoints

/** The label stored under `id`, with fresh links; it was written or read by a committed scan. */
async function label(db: Db, id: number, request: FastifyRequest, deps: AppDeps): Promise<ParcelLabel> {
  const row = await loadLabel(db, { id })
  if (!row) throw new Error(`tracking number ${id} vanished after its commit`)
  return labelView(row, signer(request, deps))
}

export const shipmentMonoBatch: Handler<E['shipmentMonoBatch']> = async ({ db, user, params }) =>
  monoBatchView(db, await loadMonoBatch(db, user, params.pickingName))

export const shipmentOrderMono: Handler<E['shipmentOrderMono']> = async (ctx) => {
  const { db, user, body, request, deps } = ctx
  const batch = await loadMonoBatch(db, user, body.pickingName)
  const k = await requestKeyOf(db, request, user.id)
  const shipped = await shipMonoUnit(db, user, batch, body.product, k)
  const [parcelLabel, view] = await Promise.all([
    label(db, shipped.labelId, request, deps),
    monoBatchView(db, batch),
  ])
  return {
    order: { ...shipped.order, status: parcelLabel.order.status },
    carrier: parcelLabel.carrier,
    service: parcelLabel.service,
    label: parcelLabel,
    batch: view,
  }
}

export const shipmentOrder: Handler<E['shipmentOrder']> = ({ db, user, params, request, deps }) =>
  shipmentOrderView(db, user, params.orderName, signer(request, deps))

export const shipmentOrderMulti: Handler<E['shipmentOrderMulti']> = async ({ db, user, body, request }) =>
  packScanned(db, user, body.order, body.parcels, await requestKeyOf(db, request, user.id))

export const shipmentOrderMultiPrint: Handler<E['shipmentOrderMultiPrint']> = async (ctx) => {
  const { db, user, body, request, deps } = ctx
  const k = await requestKeyOf(db, request, user.id)
  const printed = await printOrderLabels(db, user, body.order, body.service, k)
  const labels = []
  for (const id of printed.labelIds) labels.push(await label(db, id, request, deps))
  const first = labels[0] as ParcelLabel
  const spec = { kind: 'packing-slip', args: { orderId: printed.orderId } } as const
  return {
    order: first.order,
    labels,
    packingSlip: issue(request, deps, spec, packingSlipTitle(first.order.name)),
  }
}
