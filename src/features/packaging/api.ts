/**
 * The server calls of the 'Colis' screen, with one query key factory. None goes through the
 * outbox: a label needs the carrier's answer at once, and the packer stands at the parcel. Each
 * write is idempotent by what it states (the PUT, a label for a named parcel, a void, a number),
 * so a retry after a lost answer does no harm.
 */
import {
  ERROR_CODES,
  isToteCode,
  orderExceptionResolve,
  orderPackaging,
  routingBox,
  routingPackage,
  trackingNumberAdd,
  trackingNumberList,
  trackingNumberManual,
  trackingNumberRead,
  trackingNumberVoid,
  type OrderTracking,
} from '@contract'
import { queryOptions } from '@tanstack/react-query'
import { ApiError, callApi } from '@/lib/http'
import type { PackagingBody } from './edit.ts'

export const packagingKeys = {
  all: ['packaging'] as const,
  /** An order's parcels with their numbers. */
  order: (name: string) => [...packagingKeys.all, 'order', name.toUpperCase()] as const,
}

/** An order's parcels, always read afresh (another station may have just labelled one). */
export function orderParcelsQuery(name: string) {
  return queryOptions({
    queryKey: packagingKeys.order(name),
    queryFn: ({ signal }): Promise<OrderTracking> =>
      callApi(trackingNumberList, { params: { order: name }, signal }),
    staleTime: 0,
    gcTime: 60_000,
    retry: false,
    // The screen says what happened, next to the scan field.
    meta: { errorToast: false },
  })
}

/**
 * The order a tracking number or a tote belongs to, from the routing answer (which knows both);
 * null when it names none. Its own refusals (403) come through.
 */
export async function orderOfCode(code: string): Promise<string | null> {
  const answer = isToteCode(code)
    ? await callApi(routingBox, { params: { box: code } })
    : await callApi(routingPackage, { params: { package: code } })
  return answer.order?.name ?? null
}

export const saveParcels = (order: string, body: PackagingBody) =>
  callApi(orderPackaging, { params: { order }, body })

export const issueLabel = (order: string, parcel: number, service: string | null) =>
  callApi(trackingNumberAdd, { params: { order }, query: { parcel, ...(service !== null && { service }) } })

export const readLabel = (order: string, trackingNumber: string) =>
  callApi(trackingNumberRead, { params: { order, trackingNumber } })

export const voidLabel = (order: string, trackingNumber: string) =>
  callApi(trackingNumberVoid, { params: { order, trackingNumber } })

/** 'Reprendre': an order set aside in exception back to packed (its answer is the view). */
export const resolveException = (order: string) => callApi(orderExceptionResolve, { params: { order } })

export const recordNumber = (order: string, parcel: number, trackingNumber: string) =>
  callApi(trackingNumberManual, { params: { order }, body: { parcel, trackingNumber } })

/** The carrier refused the label (502 'carrier_refused'): the screen offers a retry and another service. */
export const isCarrierRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === ERROR_CODES.carrierRefused
