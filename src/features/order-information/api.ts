/**
 * The server calls of 'Information commande', with one query key factory. callApi parses every
 * answer with the contract's schema. The screens show a failure in place (with a retry), so no
 * toast is raised for them.
 */
import {
  orderCustomizationFiles,
  orderDetail,
  orderInformation,
  orderShortPickDecision,
  orderShortPickList,
  type OrderDetail,
  type ShortPickDecision,
} from '@contract'
import { queryOptions } from '@tanstack/react-query'
import { callApi } from '@/lib/http'
import type { CustomizationFile, SearchAnswer } from './model.ts'

export const orderInformationKeys = {
  all: ['order-information'] as const,
  search: (q: string, shop?: string) => [...orderInformationKeys.all, 'search', q, shop ?? null] as const,
  detail: (order: string) => [...orderInformationKeys.all, 'detail', order] as const,
  files: (order: string) => [...orderInformationKeys.all, 'files', order] as const,
}

/**
 * Orders matching what a worker has in hand. Fresh for a short while: the screen reads from the
 * cache the answer a scan has just fetched, and back/forward between searches asks nothing again.
 */
export const orderSearchQuery = (q: string, shop?: string) =>
  queryOptions({
    queryKey: orderInformationKeys.search(q, shop),
    queryFn: ({ signal }): Promise<SearchAnswer> =>
      callApi(orderInformation, { query: { q, ...(shop ? { shop } : {}) }, signal }),
    staleTime: 30_000,
    meta: { errorToast: false },
  })

/** One order in full. Its label links are short-lived: a reprint asks again once they have run out. */
export const orderDetailQuery = (order: string) =>
  queryOptions({
    queryKey: orderInformationKeys.detail(order),
    queryFn: ({ signal }): Promise<OrderDetail> => callApi(orderDetail, { params: { order }, signal }),
    staleTime: 30_000,
    meta: { errorToast: false },
  })

/** The customization files with fresh links, asked right before one is printed. */
export const orderFilesQuery = (order: string) =>
  queryOptions({
    queryKey: orderInformationKeys.files(order),
    queryFn: ({ signal }): Promise<CustomizationFile[]> =>
      callApi(orderCustomizationFiles, { params: { order }, signal }),
    staleTime: 0,
    meta: { errorToast: false },
  })

/** 'Manquants à décider': the orders waiting for a decision on a short pick. */
export const shortPickListQuery = (shop?: string) =>
  queryOptions({
    queryKey: [...orderInformationKeys.all, 'short-picks', shop ?? null] as const,
    queryFn: ({ signal }): Promise<SearchAnswer> =>
      callApi(orderShortPickList, { query: shop ? { shop } : {}, signal }),
    staleTime: 30_000,
    meta: { errorToast: false },
  })

/** A supervisor's decision on a short pick; the answer is the order's detail. */
export const decideShortPick = (order: string, decision: ShortPickDecision): Promise<OrderDetail> =>
  callApi(orderShortPickDecision, { params: { order }, body: { decision } })
