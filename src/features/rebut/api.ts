import { useQuery } from '@tanstack/react-query'
import { rebutReasonsQuery } from '@/lib/queries/rebut-reasons'

/** The scrap reasons: reference data, rarely changed (kept an hour; persisted for offline use). */
export function useRebutReasons() {
  return useQuery(rebutReasonsQuery())
}
