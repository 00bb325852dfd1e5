/**
 * The scrap reasons, which the 'Rebut' screen and a return's scrapped item both pick from: one
 * query (one request, one cache entry), kept an hour and persisted for offline use
 * (src/app/query-persistence.ts keeps the 'rebut-reasons' root). Features do not import each
 * other: they share it through here.
 */
import { rebutReasonList, type RebutReason } from '@contract'
import { queryOptions } from '@tanstack/react-query'
import { callApi } from '../http.ts'

export const rebutReasonsQuery = () =>
  queryOptions({
    queryKey: ['rebut-reasons'],
    queryFn: ({ signal }): Promise<RebutReason[]> => callApi(rebutReasonList, { signal }),
    staleTime: 60 * 60 * 1000,
    // The screen shows the failure with a retry button.
    meta: { errorToast: false },
  })
