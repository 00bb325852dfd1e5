/**
 * Whether the site still needs its first administrator (GET /rest/setup/status), as the /setup
 * screen asks it. The sign-in page does not use this query: its offer (first-admin-offer.tsx)
 * makes the contract's light call itself, so none of the /setup code reaches /login.
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
    // The screen shows a failure itself, with a way to ask again: no toast on top.
    meta: { errorToast: false },
  })
