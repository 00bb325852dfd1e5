/**
 * The part of TanStack Query's cache that lets a signed-in user open the app offline (issue 6):
 * the access profile, the printing context and the reference lists, kept in localStorage by the
 * sync storage persister. Work data (stock, orders) is never kept: it would be stale by the time
 * it is read offline, and the outbox is where work waits. Today's figures are, as the last ones
 * known: the home screen shows them with the time they were read.
 */
import { persistQueryClient } from '@tanstack/query-persist-client-core'
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import type { QueryClient } from '@tanstack/react-query'
import { getToken } from '@/lib/session'

/** First element of the query keys that are kept. */
export const PERSISTED_QUERY_ROOTS = new Set([
  'access',
  'printing',
  // The scrap reasons (lib/queries/rebut-reasons.ts): 'Rebut' and a return's scrapped item.
  'rebut-reasons',
  // A return's origins and wait reasons (features/order-return/api.ts).
  'return-reasons',
  // The crates printed so far (features/picking-session/api.ts): a crate checked offline.
  'picking-totes',
  // Today's figures, which the home screen dates ('Hors ligne : chiffres de 14:32').
  'statistics',
  // A shop's expected deliveries and their counts (lib/queries/expected-receptions.ts): a reception
  // against one goes on after a reload without the network.
  'expected-receptions',
])

export const PERSISTED_CACHE_KEY = 'query-cache'

/** A weekend with the Wi-Fi down is still fine; the token's own expiry ends it sooner anyway. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000

/**
 * Restores the kept queries, then keeps them saved. They belong to the signed-in user: with no
 * usable token at start they are dropped, and signing out (or a 401) clears the query cache,
 * which the persister saves as empty (src/app/providers.tsx). They also belong to a build: data
 * shaped by an older contract is dropped. Resolves once restored, before the first render, so
 * the session gate finds the profile.
 */
export function persistQueries(queryClient: QueryClient): Promise<void> {
  if (!getToken()) localStorage.removeItem(PERSISTED_CACHE_KEY)
  const [, restored] = persistQueryClient({
    queryClient,
    persister: createSyncStoragePersister({
      storage: window.localStorage,
      key: PERSISTED_CACHE_KEY,
      throttleTime: 1000,
    }),
    maxAge: MAX_AGE_MS,
    buster: import.meta.env.VITE_BUILD_ID ?? 'dev',
    dehydrateOptions: {
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' && PERSISTED_QUERY_ROOTS.has(String(query.queryKey[0])),
    },
  })
  return restored.catch(() => undefined)
}
