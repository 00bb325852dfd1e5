/**
 * Whether the site still needs its first administrator (GET /rest/setup/status), asked by the
 * sign-in page through the contract's light call: no zod, nothing of the admin code on /login.
 */
import { setupStatusCall } from '@contract'
import { queryOptions } from '@tanstack/react-query'
import { callApi } from '@/lib/http'

export const setupKeys = {
  all: ['setup'] as const,
  status: () => [...setupKeys.all, 'status'] as const,
}

export const setupStatusQuery = () =>
  queryOptions({
    queryKey: setupKeys.status(),
    queryFn: ({ signal }) => callApi(setupStatusCall, { signal }),
    // Someone may create the first administrator from another browser meanwhile: asked each visit.
    staleTime: 0,
    retry: false,
    // The offer is a bonus on the sign-in page: a failure there just does not show it.
    meta: { errorToast: false },
  })
