/**
 * The search dialog's look-up of a code (issue 31, contract/endpoints/search.ts): asked once the
 * text rests (a scanner's burst is one request), and at Enter at once, so a scan followed by Enter
 * opens what it names rather than the first screen. Offline, the dialog finds screens alone.
 */
import { globalLookup, type LookupHit } from '@contract'
import { useDebouncedValue } from '@mantine/hooks'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { shouldLookUp } from '@/features/navigation'
import { callApi } from '@/lib/http'

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
  const trimmed = query.trim()
  const [settled] = useDebouncedValue(trimmed, LOOKUP_DEBOUNCE_MS)
  const asked = opened && shouldLookUp(trimmed) && settled === trimmed
  const lookup = useQuery({ ...lookupQuery(trimmed), enabled: asked })
  const hits: LookupHit[] = asked ? (lookup.data?.results ?? []) : []
  return {
    hits,
    /** Still waiting for the text to rest or for the answer. */
    looking: shouldLookUp(trimmed) && (!asked || lookup.isPending) && !lookup.isError,
    failed: asked && lookup.isError,
    /** The hits of `text` now (Enter): the answer kept, or asked at once; none when it fails. */
    now: async (text: string): Promise<LookupHit[]> => {
      const q = text.trim()
      if (!shouldLookUp(q)) return []
      try {
        return (await queryClient.fetchQuery(lookupQuery(q))).results
      } catch {
        return []
      }
    },
  }
}
