/** Today's statistics (docs/specification.md §7.12): a thin handler over server/statistics. */
import type { endpoints } from '../../contract/endpoints.ts'
import type { Handler } from '../http/register.ts'
import { statisticsToday } from '../statistics/today.ts'

export const statisticToday: Handler<(typeof endpoints)['statisticToday']> = async ({ db, user }) =>
  statisticsToday(db, user)
