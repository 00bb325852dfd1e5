/**
 * The server calls of the 'Retour' screen, with their query key factories. The reference lists
 * (origins, wait reasons; the scrap reasons are the 'Rebut' screen's, lib/queries) are kept an
 * hour and persisted for offline use (src/app/query-persistence.ts keeps the 'return-reasons'
 * root; the service worker serves the lists stale-while-revalidate). The order look-ups are asked
 * afresh at each scan. The write goes through the outbox (use-order-return.ts), never from here.
 */
import {
  orderDetail,
  orderInformation,
  returnOrderOriginList,
  returnOrderWaitReasonList,
  returnSearch,
  returnWaitingList,
  type CustomerReturn,
  type OrderDetail,
  type OrderSummary,
  type ReturnableOrder,
  type ReturnReason,
} from '@contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '@/lib/http'
import { rebutReasonsQuery } from '@/lib/queries/rebut-reasons'

/** The reference lists of a return (one persisted root). */
export const returnReasonKeys = {
  all: ['return-reasons'] as const,
  origins: () => [...returnReasonKeys.all, 'origins'] as const,
  waitReasons: () => [...returnReasonKeys.all, 'wait'] as const,
}

/** The order look-ups of a scan, and the returns waiting for a decision. */
export const returnOrderKeys = {
  all: ['order-return'] as const,
  detail: (order: string) => [...returnOrderKeys.all, 'detail', order.trim().toUpperCase()] as const,
  search: (q: string) => [...returnOrderKeys.all, 'search', q.trim().toUpperCase()] as const,
  waiting: () => [...returnOrderKeys.all, 'waiting'] as const,
  shopSearch: (shop: string, q: string) =>
    [...returnOrderKeys.all, 'shop-search', shop, q.trim().toUpperCase()] as const,
}

/** Reference data, rarely changed: kept an hour; the screen shows a failure with a retry button. */
const reference = { staleTime: 60 * 60 * 1000, meta: { errorToast: false } } as const
/** A look-up made for a scan: fresh every time, its failure said on the screen (no toast, no retry). */
const lookUp = { staleTime: 0, gcTime: 0, retry: false, meta: { errorToast: false } } as const

export const originsQuery = () =>
  queryOptions({
    queryKey: returnReasonKeys.origins(),
    queryFn: ({ signal }): Promise<ReturnReason[]> => callApi(returnOrderOriginList, { signal }),
    ...reference,
  })

export const waitReasonsQuery = () =>
  queryOptions({
    queryKey: returnReasonKeys.waitReasons(),
    queryFn: ({ signal }): Promise<ReturnReason[]> => callApi(returnOrderWaitReasonList, { signal }),
    ...reference,
  })

export const useOrigins = () => useQuery(originsQuery())
export const useWaitReasons = () => useQuery(waitReasonsQuery())
export const useScrapReasons = () => useQuery(rebutReasonsQuery())
export type ReasonsQuery = ReturnType<typeof useOrigins>

/** An order in full, by its number (404: no such order). */
export const orderDetailQuery = (order: string) =>
  queryOptions({
    queryKey: returnOrderKeys.detail(order),
    queryFn: ({ signal }): Promise<OrderDetail> =>
      callApi(orderDetail, { params: { order: order.trim() }, signal }),
    ...lookUp,
  })

/** The orders a text names (here: a tracking number), each with what matched. */
export const orderSearchQuery = (q: string) =>
  queryOptions({
    queryKey: returnOrderKeys.search(q),
    queryFn: ({ signal }): Promise<OrderSummary[]> =>
      callApi(orderInformation, { query: { q: q.trim() }, signal }).then((answer) => answer.results),
    ...lookUp,
  })

/** The returns waiting for a decision, always read afresh (another station may have resolved one). */
export const waitingReturnsQuery = () =>
  queryOptions({
    queryKey: returnOrderKeys.waiting(),
    queryFn: ({ signal }): Promise<CustomerReturn[]> => callApi(returnWaitingList, { signal }),
    staleTime: 0,
    meta: { errorToast: false },
  })

/** A shop's shipped orders by customer name, email, order or tracking number, with what may come back. */
export const shopOrdersQuery = (shop: string, q: string) =>
  queryOptions({
    queryKey: returnOrderKeys.shopSearch(shop, q),
    queryFn: ({ signal }): Promise<ReturnableOrder[]> =>
      callApi(returnSearch, { params: { slugShop: shop }, query: { q: q.trim() }, signal }).then(
        (answer) => answer.orders,
      ),
    ...lookUp,
  })
