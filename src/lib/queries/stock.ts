/**
 * The stock look-ups every scan-first screen makes, as query options with one key factory, so a
 * scan handler calls `queryClient.fetchQuery(...)` and two screens share what is cached (features
 * do not import each other: they share through here).
 */
import { locationInformation, productInfoInventory, type LocationStock, type ResponseOf } from '@contract'
import { queryOptions } from '@tanstack/react-query'
import { callApi } from '../http.ts'

export type ShopProduct = ResponseOf<typeof productInfoInventory>

export const stockKeys = {
  location: (name: string) => ['stock', 'location', name.trim().toUpperCase()] as const,
  shopProduct: (shopSlug: string, code: string) =>
    ['stock', 'shop-product', shopSlug, code.toUpperCase()] as const,
}

/**
 * What a location holds, for a scan: always asked afresh (stock moves all day), but two scans of
 * the same location at once share one request.
 */
export function locationContentQuery(name: string) {
  return queryOptions({
    queryKey: stockKeys.location(name),
    queryFn: ({ signal }): Promise<LocationStock> =>
      callApi(locationInformation, { params: { locationName: name.trim() }, signal }),
    staleTime: 0,
    retry: false,
    // The screen shows the refusal next to the field, or takes the location unverified offline.
    meta: { errorToast: false },
  })
}

/** A product of the shop by EAN or SKU: what it is does not change in a shift, so it is kept 5 minutes. */
export function shopProductQuery(shopSlug: string, code: string) {
  return queryOptions({
    queryKey: stockKeys.shopProduct(shopSlug, code),
    queryFn: ({ signal }): Promise<ShopProduct> =>
      callApi(productInfoInventory, { body: { code, shop: shopSlug }, signal }),
    staleTime: 5 * 60_000,
    retry: false,
    meta: { errorToast: false },
  })
}
