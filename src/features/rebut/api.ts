import { rebutReasonList, type RebutReason } from '@contract'
import { useQuery } from '@tanstack/react-query'
import { callApi } from '@/lib/http'

/** The scrap reasons: reference data, rarely changed (kept an hour; persisted for offline use). */
export function useRebutReasons() {
  return useQuery({
    queryKey: ['rebut-reasons'],
    queryFn: ({ signal }): Promise<RebutReason[]> => callApi(rebutReasonList, { signal }),
    staleTime: 60 * 60 * 1000,
    // The screen shows the failure with a retry button.
    meta: { errorToast: false },
  })
}
