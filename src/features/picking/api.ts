/**
 * The pick lists' server calls. The counts are queries (refreshed while the screen is open); the
 * prints are mutations, never queries: they claim orders, so each click calls once, with no
 * automatic retry and no refetch, and carries the Idempotency-Key the screen chose for it.
 */
import {
  pickingCampaignList,
  pickingOrderCount,
  pickingPrint,
  pickingPrintCampaign,
  pickingReprint,
  type PickingPrint,
} from '@contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { callApi } from '@/lib/http'
import type { PrintTarget } from './model.ts'

export const pickingKeys = {
  all: ['picking'] as const,
  shop: (slug: string) => [...pickingKeys.all, 'shop', slug] as const,
  orderCount: (slug: string) => [...pickingKeys.shop(slug), 'order-count'] as const,
  campaigns: (slug: string) => [...pickingKeys.shop(slug), 'campaigns'] as const,
}

/**
 * Both counts of a shop: other stations take orders all day, so they follow every 30 s while the
 * screen is open; the screen shows a failed load itself, and a failed poll keeps the last counts
 * without a toast.
 */
const countsOptions = { staleTime: 10_000, refetchInterval: 30_000, meta: { errorToast: false } } as const

export const orderCountQuery = (slug: string) =>
  queryOptions({
    queryKey: pickingKeys.orderCount(slug),
    queryFn: ({ signal }) => callApi(pickingOrderCount, { params: { slug }, signal }),
    ...countsOptions,
  })

export const campaignsQuery = (slug: string) =>
  queryOptions({
    queryKey: pickingKeys.campaigns(slug),
    queryFn: ({ signal }) => callApi(pickingCampaignList, { params: { slug }, signal }),
    ...countsOptions,
  })

/** A print that has had no answer after this long is a network failure: the click may be retried. */
const PRINT_TIMEOUT_MS = 30_000

export interface ClaimRequest {
  shop: string
  target: PrintTarget
  /** Sent as Idempotency-Key: the same click retried gets the same batch. */
  key: string
}

/** Claims the orders of a type or a campaign into a new batch, and answers its pick list. */
export function claimPickList({ shop, target, key }: ClaimRequest): Promise<PickingPrint> {
  const headers = { 'Idempotency-Key': key }
  const query = { limit: target.limit }
  const signal = AbortSignal.timeout(PRINT_TIMEOUT_MS)
  const { choice } = target
  return choice.kind === 'type'
    ? callApi(pickingPrint, {
        params: { slug: shop, pickingType: choice.pickingType },
        query,
        headers,
        signal,
      })
    : callApi(pickingPrintCampaign, { params: { slug: shop, campaign: choice.code }, query, headers, signal })
}

export function useClaimPickList() {
  return useMutation({
    mutationFn: claimPickList,
    // Explicit although it is the app's default: a retry would claim orders a second time.
    retry: false,
    // The screen shows every failure in place, with what to do next.
    meta: { errorToast: false },
  })
}

/** A printed batch's pick list again, with fresh links; claims nothing. */
export function useReprintPickList() {
  return useMutation({
    mutationFn: (pickingName: string) =>
      callApi(pickingReprint, { params: { pickingName }, signal: AbortSignal.timeout(PRINT_TIMEOUT_MS) }),
    meta: { errorToast: false },
  })
}

/** After a print (or a refusal): the shop's counts are no longer what the screen shows. */
export function useRefreshCounts(slug: string) {
  const queryClient = useQueryClient()
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: pickingKeys.shop(slug) }),
    [queryClient, slug],
  )
}
