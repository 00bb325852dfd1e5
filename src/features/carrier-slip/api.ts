/**
 * The server calls of the 'Bordereau transport' screen, with one query key factory. The list is a
 * query refreshed every minute (the minutes to the pickup move, other stations label parcels); the
 * close is a plain call made by the screen's flow, never retried by itself: its key is the flow's.
 */
import {
  carrierSlipClose,
  carrierSlipList,
  routingPackage,
  type CarrierSlipClose,
  type RoutingAnswer,
} from '@contract'
import { queryOptions } from '@tanstack/react-query'
import { callApi } from '@/lib/http'

export const carrierSlipKeys = {
  all: ['carrier-slip'] as const,
  list: () => [...carrierSlipKeys.all, 'list'] as const,
}

export const REFRESH_MS = 60_000

export const carrierSlipListQuery = () =>
  queryOptions({
    queryKey: carrierSlipKeys.list(),
    queryFn: ({ signal }) => callApi(carrierSlipList, { signal }),
    staleTime: 10_000,
    refetchInterval: REFRESH_MS,
    // The screen shows a failed load in place; a failed refresh keeps the last list without a toast.
    meta: { errorToast: false },
  })

/** Where a parcel goes (its slip group, or the exceptions lane). */
export const routeParcel = (trackingNumber: string): Promise<RoutingAnswer> =>
  callApi(routingPackage, { params: { package: trackingNumber } })

/**
 * Closes a group's open slip with the parcels loaded. `key` is the same for every attempt of one
 * close, so a retry after a lost answer gets the slip the server already closed.
 */
export const closeSlip = (group: string, trackingNumbers: string[], key: string): Promise<CarrierSlipClose> =>
  callApi(carrierSlipClose, {
    params: { carrierSlipGroup: group },
    body: { trackingNumbers },
    headers: { 'Idempotency-Key': key },
  })
