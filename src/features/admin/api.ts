/**
 * The admin area's reads (issue 16), one query per list, keyed by keys.ts. A first load that fails
 * shows its own error in the section; the history pages back with `before` (the last id seen).
 * Also the server's HTTPS state (issue 30), read from its public installer rather than the contract.
 */
import {
  adminAudit,
  adminBoxTypeList,
  adminCarrierList,
  adminComputerList,
  adminListGet,
  adminLocationList,
  adminShopApiCalls,
  adminShopOrders,
  type AdminShopOrder,
  SHOP_ORDERS_PAGE,
  adminShopKeyList,
  adminShopList,
  adminUserList,
  adminWebhookDeliveries,
  adminWebhookList,
  adminShopPlatform,
  adminShopPlatformDeliveries,
  adminShopPlatformFulfilments,
  adminShopReceptions,
  ADMIN_RECEPTIONS_PAGE,
  type AdminListName,
  type AuditEntry,
} from '@contract'
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query'
import { z } from 'zod/mini'
import { apiHost } from '@/lib/config'
import { callApi } from '@/lib/http'
import { showToast } from '@/lib/ui/toast'
import { adminKeys } from './keys.ts'
import { siteText } from './text-site.ts'

const quiet = { meta: { errorToast: false } } as const

export const usersQuery = () =>
  queryOptions({
    queryKey: adminKeys.users(),
    queryFn: ({ signal }) => callApi(adminUserList, { signal }),
    ...quiet,
  })
export const shopsQuery = () =>
  queryOptions({
    queryKey: adminKeys.shops(),
    queryFn: ({ signal }) => callApi(adminShopList, { signal }),
    ...quiet,
  })
export const shopKeysQuery = (shopId: number) =>
  queryOptions({
    queryKey: adminKeys.shopKeys(shopId),
    queryFn: ({ signal }) => callApi(adminShopKeyList, { params: { id: shopId }, signal }),
    ...quiet,
  })
export const shopApiCallsQuery = (shopId: number) =>
  queryOptions({
    queryKey: adminKeys.shopApiCalls(shopId),
    queryFn: ({ signal }) => callApi(adminShopApiCalls, { params: { id: shopId }, query: {}, signal }),
    ...quiet,
  })
export const webhooksQuery = (shopId: number) =>
  queryOptions({
    queryKey: adminKeys.webhooks(shopId),
    queryFn: ({ signal }) => callApi(adminWebhookList, { params: { id: shopId }, signal }),
    ...quiet,
  })
export const webhookDeliveriesQuery = (shopId: number, webhookId: number) =>
  infiniteQueryOptions({
    queryKey: adminKeys.webhookDeliveries(shopId, webhookId),
    queryFn: ({ pageParam, signal }) =>
      callApi(adminWebhookDeliveries, {
        params: { id: shopId, webhookId },
        query: pageParam === undefined ? {} : { before: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    ...quiet,
  })
export const shopPlatformQuery = (shopId: number) =>
  queryOptions({
    queryKey: adminKeys.shopPlatform(shopId),
    queryFn: ({ signal }) => callApi(adminShopPlatform, { params: { id: shopId }, signal }),
    ...quiet,
  })
export const platformDeliveriesQuery = (shopId: number) =>
  infiniteQueryOptions({
    queryKey: adminKeys.platformDeliveries(shopId),
    queryFn: ({ pageParam, signal }) =>
      callApi(adminShopPlatformDeliveries, {
        params: { id: shopId },
        query: pageParam === undefined ? {} : { before: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    ...quiet,
  })
export const platformFulfilmentsQuery = (shopId: number) =>
  infiniteQueryOptions({
    queryKey: adminKeys.platformFulfilments(shopId),
    queryFn: ({ pageParam, signal }) =>
      callApi(adminShopPlatformFulfilments, {
        params: { id: shopId },
        query: pageParam === undefined ? {} : { before: pageParam },
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    ...quiet,
  })
export const shopReceptionsQuery = (shopId: number) =>
  infiniteQueryOptions({
    queryKey: adminKeys.shopReceptions(shopId),
    queryFn: ({ pageParam, signal }) =>
      callApi(adminShopReceptions, {
        params: { id: shopId },
        query: pageParam === undefined ? {} : { before: pageParam },
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    // A short page is the last one; a full one may have more behind it.
    getNextPageParam: (page) => (page.length < ADMIN_RECEPTIONS_PAGE ? undefined : page.at(-1)?.id),
    ...quiet,
  })
export const shopOrdersQuery = (shopId: number) =>
  infiniteQueryOptions({
    queryKey: adminKeys.shopOrders(shopId),
    queryFn: ({ pageParam, signal }): Promise<AdminShopOrder[]> =>
      callApi(adminShopOrders, {
        params: { id: shopId },
        query: pageParam === undefined ? {} : { before: pageParam },
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    // A short page is the last one; a full one may have more behind it.
    getNextPageParam: (page) => (page.length < SHOP_ORDERS_PAGE ? undefined : page.at(-1)?.id),
    ...quiet,
  })
export const computersQuery = () =>
  queryOptions({
    queryKey: adminKeys.computers(),
    queryFn: ({ signal }) => callApi(adminComputerList, { signal }),
    ...quiet,
  })
export const carriersQuery = () =>
  queryOptions({
    queryKey: adminKeys.carriers(),
    queryFn: ({ signal }) => callApi(adminCarrierList, { signal }),
    ...quiet,
  })
export const boxTypesQuery = () =>
  queryOptions({
    queryKey: adminKeys.boxTypes(),
    queryFn: ({ signal }) => callApi(adminBoxTypeList, { signal }),
    ...quiet,
  })
export const locationsQuery = () =>
  queryOptions({
    queryKey: adminKeys.locations(),
    queryFn: ({ signal }) => callApi(adminLocationList, { signal }),
    ...quiet,
  })
export const listQuery = (list: AdminListName) =>
  queryOptions({
    queryKey: adminKeys.list(list),
    queryFn: ({ signal }) => callApi(adminListGet, { params: { list }, signal }),
    ...quiet,
  })

/** The server's page size (GET /rest/admin/audit answers 100 entries at most). */
export const AUDIT_PAGE_SIZE = 100

export const auditQuery = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.audit(),
    queryFn: ({ pageParam, signal }): Promise<AuditEntry[]> =>
      callApi(adminAudit, { query: pageParam === undefined ? {} : { before: pageParam }, signal }),
    initialPageParam: undefined as number | undefined,
    // A short page is the last one; a full one may have more behind it.
    getNextPageParam: (page) => (page.length < AUDIT_PAGE_SIZE ? undefined : page.at(-1)?.id),
    ...quiet,
  })

// What GET /installer/etat.json answers (server/installer/routes.ts). A server page, public and
// outside /rest, so not in the contract: its shape is checked here, the links held to http(s).
const webAddress = z.string().check(z.regex(/^https?:\/\//))
const installerStateSchema = z.object({
  https: z.boolean(),
  appUrl: webAddress,
  installerUrl: webAddress,
  certificate: z.nullable(
    z.object({
      source: z.enum(['given', 'generated']),
      names: z.array(z.string()),
      validTo: z.string(),
      rootName: z.optional(z.string()),
      rootFingerprint: z.optional(z.string()),
      rootValidTo: z.optional(z.string()),
    }),
  ),
  qr: z.nullable(z.string()),
})
export type InstallerState = z.infer<typeof installerStateSchema>

/** Asked of the API's host: the page's own origin, unless the app is served apart (VITE_API_HOST). */
const INSTALLER_STATE_URL = `${apiHost}/installer/etat.json`

async function fetchInstallerState(signal: AbortSignal): Promise<InstallerState> {
  const t = siteText.certificate
  let response: Response
  try {
    response = await fetch(INSTALLER_STATE_URL, { signal, headers: { accept: 'application/json' } })
  } catch (error) {
    if (signal.aborted) throw error
    throw new Error(t.unreachable)
  }
  if (!response.ok) throw new Error(t.status(response.status))
  const parsed = installerStateSchema.safeParse(await response.json().catch(() => null))
  if (!parsed.success) throw new Error(t.unexpected)
  return parsed.data
}

export const installerStateQuery = () =>
  queryOptions({
    queryKey: adminKeys.siteCertificate(),
    queryFn: ({ signal }) => fetchInstallerState(signal),
    ...quiet,
  })

/**
 * A write of the admin area: on success a notification says what was done and the lists it
 * changed are read again, with the history. On failure the form shows the server's refusal, so
 * no toast is raised on top of it.
 */
export function useAdminWrite<V, R>(
  write: (variables: V) => Promise<R>,
  options: {
    /** Read again with the history; null when the write ended this very session (all refused). */
    refresh: readonly QueryKey[] | null
    done: (result: R, variables: V) => string | null
    /** Last, once the notification is shown (and the lists read again): e.g. the sign-out. */
    after?: () => void
  },
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: async (result, variables) => {
      const message = options.done(result, variables)
      if (message) showToast({ color: 'green', message })
      const { refresh } = options
      if (refresh !== null)
        await Promise.all(
          [...refresh, adminKeys.audit()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        )
      options.after?.()
    },
    meta: { errorToast: false },
  })
}
