/**
 * The admin area's reads (issue 16), one query per list, keyed by keys.ts. A first load that fails
 * shows its own error in the section; the history pages back with `before` (the last id seen).
 */
import {
  adminAudit,
  adminBoxTypeList,
  adminCarrierList,
  adminComputerList,
  adminListGet,
  adminLocationList,
  adminShopList,
  adminUserList,
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
import { callApi } from '@/lib/http'
import { showToast } from '@/lib/ui/toast'
import { adminKeys } from './keys.ts'

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

/**
 * A write of the admin area: on success a notification says what was done and the lists it
 * changed are read again, with the history. On failure the form shows the server's refusal, so
 * no toast is raised on top of it.
 */
export function useAdminWrite<V, R>(
  write: (variables: V) => Promise<R>,
  options: { refresh: readonly QueryKey[]; done: (result: R, variables: V) => string | null },
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: async (result, variables) => {
      const message = options.done(result, variables)
      if (message) showToast({ color: 'green', message })
      await Promise.all(
        [...options.refresh, adminKeys.audit()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      )
    },
    meta: { errorToast: false },
  })
}
