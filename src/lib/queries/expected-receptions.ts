/**
 * A shop's expected receptions (advance shipping notices, issue 34, docs/stock.md): the open ones
 * the reception screen offers, and one with its lines, as query options with one key factory. Kept
 * in the cache for the day, so a screen that loses the Wi-Fi still shows the last list and the last
 * figures it read, and a reload without the network too (the 'expected-receptions' root is one of
 * src/app/query-persistence.ts's PERSISTED_QUERY_ROOTS).
 */
import {
  expectedReceptionGet,
  expectedReceptionList,
  type ExpectedReception,
  type ExpectedReceptionSummary,
} from '@contract'
import { queryOptions } from '@tanstack/react-query'
import { callApi } from '../http.ts'

export const expectedReceptionKeys = {
  /** Everything about one shop's notices: invalidated after a close. */
  shop: (shopSlug: string) => ['expected-receptions', shopSlug] as const,
  list: (shopSlug: string) => ['expected-receptions', shopSlug, 'open'] as const,
  one: (shopSlug: string, id: number) => ['expected-receptions', shopSlug, 'one', id] as const,
}

/** A working day: the last answer stays on screen through a Wi-Fi gap. */
const KEPT_MS = 12 * 60 * 60 * 1000

/** The shop's open notices, earliest expected first. */
export function expectedReceptionListQuery(shopSlug: string) {
  return queryOptions({
    queryKey: expectedReceptionKeys.list(shopSlug),
    queryFn: async ({ signal }): Promise<ExpectedReceptionSummary[]> =>
      (await callApi(expectedReceptionList, { params: { slugShop: shopSlug }, signal })).receptions,
    staleTime: 30_000,
    gcTime: KEPT_MS,
    retry: false,
    // The screen says it works on the last list known; a toast per failed refresh would only repeat it.
    meta: { errorToast: false },
  })
}

/**
 * One notice line by line, as the server last counted it. Also set from a reception's answer
 * (receptionAdd's `expected`), which is the notice after that write.
 */
export function expectedReceptionQuery(shopSlug: string, id: number) {
  return queryOptions({
    queryKey: expectedReceptionKeys.one(shopSlug, id),
    queryFn: ({ signal }): Promise<ExpectedReception> =>
      callApi(expectedReceptionGet, { params: { slugShop: shopSlug, id }, signal }),
    staleTime: 10_000,
    gcTime: KEPT_MS,
    retry: false,
    meta: { errorToast: false },
  })
}
