/**
 * Today's figures (`GET /rest/statistic/today`), with one query key factory. Refreshed every
 * minute while the home screen shows them (the pickups come closer, the day's work moves on); a
 * failed refresh keeps the last figures, which the panel dates, without a toast. Kept in the
 * persisted cache (app/query-persistence.ts), so an offline start still shows the last ones.
 */
import { statisticToday } from '@contract'
import { queryOptions } from '@tanstack/react-query'
import { callApi } from '@/lib/http'

export const statisticsKeys = {
  all: ['statistics'] as const,
  today: () => [...statisticsKeys.all, 'today'] as const,
}

export const REFRESH_MS = 60_000

export const todayQuery = () =>
  queryOptions({
    queryKey: statisticsKeys.today(),
    queryFn: ({ signal }) => callApi(statisticToday, { signal }),
    staleTime: 30_000,
    refetchInterval: REFRESH_MS,
    meta: { errorToast: false },
  })
