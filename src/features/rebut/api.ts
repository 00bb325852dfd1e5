import { endpoints, type LocationStock, type RebutReason } from '@contract'
import { useMutation, useQuery } from '@tanstack/react-query'
import { callApi } from '@/lib/http'

/** The scrap reasons: reference data, rarely changed (kept an hour; persisted for offline use later). */
export function useRebutReasons() {
  return useQuery({
    queryKey: ['rebut-reasons'],
    queryFn: ({ signal }): Promise<RebutReason[]> => callApi(endpoints.rebutReasonList, { signal }),
    staleTime: 60 * 60 * 1000,
    // The screen shows the failure with a retry button.
    meta: { errorToast: false },
  })
}

/** What a location holds: the source of a scrap. */
export function useLocationContent() {
  return useMutation({
    mutationFn: (locationName: string): Promise<LocationStock> =>
      callApi(endpoints.locationInformation, { params: { locationName } }),
    // The screen shows the refusal next to the field (or accepts the location unverified offline).
    meta: { errorToast: false },
  })
}
