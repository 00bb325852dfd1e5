/**
 * The search dialog's look-up of a code (issue 31, contract/endpoints/search.ts): asked once the
 * text rests (a scanner's burst is one request), and at Enter at once, so a scan followed by Enter
 * opens what it names rather than the first screen. While the server is unreachable (lib/network-status)
 * nothing is asked: the dialog finds screens alone and says so at once, and a scan's Enter does not
 * wait on a request that may hang until the network gives up.
 */
import { globalLookup, type LookupHit } from '@contract'
import { useDebouncedValue } from '@mantine/hooks'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { lookupText, shouldLookUp } from '@/features/navigation'
import { callApi } from '@/lib/http'
import { isServerReachable, useOnline } from '@/lib/network-status'

const LOOKUP_DEBOUNCE_MS = 150

const lookupQuery = (q: string) =>
  queryOptions({
    queryKey: ['global-lookup', q] as const,
    queryFn: ({ signal }) => callApi(globalLookup, { query: { q }, signal }),
    staleTime: 30_000,
    retry: false,
    meta: { errorToast: false },
  })

export function useCodeLookup(query: string, opened: boolean) {
  const queryClient = useQueryClient()
  const online = useOnline()
  const trimmed = query.trim()
  const [settled] = useDebouncedValue(trimmed, LOOKUP_DEBOUNCE_MS)
  const asked = opened && online && shouldLookUp(trimmed) && settled === trimmed
  const lookup = useQuery({ ...lookupQuery(trimmed), enabled: asked })
  const hits: LookupHit[] = asked ? (lookup.data?.results ?? []) : []
  return {
    hits,
    /** Still waiting for the text to rest or for the answer. */
    looking: online && shouldLookUp(trimmed) && (!asked || lookup.isPending) && !lookup.isError,
    /** Why codes are not searched: unreachable, or the server's refusal (said as it is, not as 'offline'). */
    failed:
      !opened || !shouldLookUp(trimmed)
        ? null
        : !online
          ? lookupText.lookupOffline
          : asked && lookup.error
            ? lookupText.lookupFailed(lookup.error.message)
            : null,
    /** The hits of `text` now (Enter): the answer kept, or asked at once; none when it fails. */
    now: async (text: string): Promise<LookupHit[]> => {
      const q = text.trim()
      if (!shouldLookUp(q) || !isServerReachable()) return []
      try {
        return (await queryClient.fetchQuery(lookupQuery(q))).results
      } catch {
        return []
      }
    },
  }
}
