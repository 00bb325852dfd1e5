/**
 * The server calls of the 'Expédition' screen (docs/specification.md §7.11, tracking numbers §7.9), with one query
 * key factory. The look-ups (a batch, an order) are queries, always asked afresh at a scan; the
 * writes are plain calls made by the screen's flow with the Idempotency-Key its model keeps, never
 * retried by themselves: a retry is the flow's, with the same key.
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
  type MonoBatch,
  type MonoShipment,
  type MultiShipmentPrint,
  type OrderPackaging,
  type OrderTracking,
  type ParcelLabel,
  type ScannedParcel,
  type ShipmentOrder,
} from '@contract'
import { queryOptions } from '@tanstack/react-query'
import { callApi } from '@/lib/http'

export const shipmentKeys = {
  all: ['shipment'] as const,
  batch: (name: string) => [...shipmentKeys.all, 'mono', name.trim().toUpperCase()] as const,
  order: (name: string) => [...shipmentKeys.all, 'order', name.trim().toUpperCase()] as const,
}

/** A look-up made for a scan: fresh every time, its failure said on the screen (no toast, no retry). */
const lookUp = { staleTime: 0, gcTime: 0, retry: false, meta: { errorToast: false } } as const

export const monoBatchQuery = (pickingName: string) =>
  queryOptions({
    queryKey: shipmentKeys.batch(pickingName),
    queryFn: ({ signal }): Promise<MonoBatch> =>
      callApi(shipmentMonoBatch, { params: { pickingName }, signal }),
    ...lookUp,
  })

export const shipmentOrderQuery = (orderName: string) =>
  queryOptions({
    queryKey: shipmentKeys.order(orderName),
    queryFn: ({ signal }): Promise<ShipmentOrder> =>
      callApi(shipmentOrder, { params: { orderName }, signal }),
    ...lookUp,
  })

const idempotent = (key: string) => ({ 'Idempotency-Key': key })

/** One unit of a mono batch: its order bound, packed and labelled. The same key answers the same label. */
export const shipMonoUnit = (
  body: { pickingName: string; product: string },
  key: string,
): Promise<MonoShipment> => callApi(shipmentOrderMono, { body, headers: idempotent(key) })

export const packMultiOrder = (
  body: { order: string; parcels: ScannedParcel[] },
  key: string,
): Promise<OrderPackaging> => callApi(shipmentOrderMulti, { body, headers: idempotent(key) })

export const printMultiOrder = (
  order: string,
  service: string | null,
  key: string,
): Promise<MultiShipmentPrint> =>
  callApi(shipmentOrderMultiPrint, {
    body: { order, ...(service !== null && { service }) },
    headers: idempotent(key),
  })

/** A label asked again after a carrier's refusal (the order's next unlabelled parcel), maybe with another service. */
export const addTrackingNumber = (order: string, service: string | null): Promise<ParcelLabel> =>
  callApi(trackingNumberAdd, { params: { order }, query: service === null ? {} : { service } })

/** A label read back for a reprint: a fresh link to it (the printed one's may have expired). */
export const readTrackingNumber = (order: string, trackingNumber: string): Promise<ParcelLabel> =>
  callApi(trackingNumberRead, { params: { order, trackingNumber } })

/** 'Mettre de côté': the order set aside in exception on the server, with the carrier's words as the reason. */
export const setOrderAside = (order: string, reason: string): Promise<OrderTracking> =>
  callApi(orderException, { params: { order }, body: { reason } })
