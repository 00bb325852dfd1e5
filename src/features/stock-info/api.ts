import {
  locationInformation,
  productInfo,
  productSearch,
  type LocationStock,
  type ResponseOf,
} from '@contract'
import { queryOptions, useMutation } from '@tanstack/react-query'
import { callApi } from '@/lib/http'

export type ProductInfo = ResponseOf<typeof productInfo>
export type InfoProduct = ProductInfo['product']
export type FoundProduct = ResponseOf<typeof productSearch>['products'][number]

export const stockInfoKeys = {
  product: (shopSlug: string, code: string) => ['stock-info', 'product', shopSlug, code] as const,
  location: (name: string) => ['stock-info', 'location', name] as const,
}

/**
 * A shop's product by SKU or EAN: stock per location, total, last movements. Fresh for a short
 * while, so the screen does not ask twice for the answer a scan has just fetched.
 */
export function productInfoQuery(shopSlug: string, code: string) {
  return queryOptions({
    queryKey: stockInfoKeys.product(shopSlug, code),
    queryFn: ({ signal }): Promise<ProductInfo> =>
      callApi(productInfo, { params: { slugShop: shopSlug }, body: { code }, signal }),
    staleTime: 30_000,
    // The screen shows the refusal next to the field.
    meta: { errorToast: false },
  })
}

/** What a location holds (products of the user's shops). */
export function locationInfoQuery(name: string) {
  return queryOptions({
    queryKey: stockInfoKeys.location(name),
    queryFn: ({ signal }): Promise<LocationStock> =>
      callApi(locationInformation, { params: { locationName: name }, signal }),
    staleTime: 30_000,
    meta: { errorToast: false },
  })
}

/** The fallback of a product code the shop does not know: a search by name, SKU prefix or EAN. */
export function useProductSearch(shopSlug: string) {
  return useMutation({
    mutationFn: (query: string): Promise<FoundProduct[]> =>
      callApi(productSearch, { body: { query, shop: shopSlug, limit: 20 } }).then((r) => r.products),
    meta: { errorToast: false },
  })
}
