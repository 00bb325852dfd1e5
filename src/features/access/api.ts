import { userAccessCall, type Shop, type UserAccess } from '@contract'
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { ACCESS_POLL_MS } from '@/lib/config'
import { setWarehouseTimeZone } from '@/lib/dates'
import { callApi } from '@/lib/http'

export const accessKeys = {
  all: ['access'] as const,
}

/** docs/specification.md §4: the access profile, re-fetched every 60 s while a token is present. */
export const accessQueryOptions = () =>
  queryOptions({
    queryKey: accessKeys.all,
    queryFn: async ({ signal }) => {
      const access = await callApi(userAccessCall, { signal })
      // Every screen date is in the warehouse's zone, as the documents print them (lib/dates).
      setWarehouseTimeZone(access.timeZone)
      return access
    },
    refetchInterval: ACCESS_POLL_MS,
    staleTime: ACCESS_POLL_MS / 2,
    // The session gate shows the error full screen; a failed background poll keeps the last
    // profile on screen and must not toast every minute while the Wi-Fi is down.
    meta: { errorToast: false },
  })

/** The access profile inside the protected area, where the session gate guarantees it is loaded. */
export function useAccess(): UserAccess {
  return useSuspenseQuery(accessQueryOptions()).data
}

/** docs/specification.md §2.2: a shop screen's shop, looked up by slug among the user's shops. */
export function findShop(access: UserAccess, slug: string): Shop | undefined {
  return access.shops.find((shop) => shop.slug === slug)
}

export function hasWarehouseAccess(access: UserAccess): boolean {
  return access.warehouse !== null && access.warehouse !== undefined
}

/** The shop of a shop screen; ShopGuard above it has already refused unknown slugs. */
export function useShop(slug: string): Shop {
  const shop = findShop(useAccess(), slug)
  if (!shop) throw new Error(`Shop "${slug}" is not among the user's shops`)
  return shop
}
