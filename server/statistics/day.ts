/**
 * The warehouse's day: from midnight in the warehouse's time zone (WAREHOUSE_TIME_ZONE,
 * warehouse-time.ts; not the server's TZ, UTC on most servers) to now. Events are put in hour
 * buckets counted from midnight in SQL (whole hours since `since`, which needs no time zone support
 * in the database); `hours` names each bucket with its warehouse hour. On the day the clocks go
 * back, two buckets carry the same hour: the figures merge them (hourFigures).
 */
import { wallClock, warehouseMidnight } from '../warehouse-time.ts'

const HOUR = 3_600_000

export interface WarehouseDay {
  /** Midnight, warehouse time. */
  since: Date
  /** YYYY-MM-DD, warehouse time. */
  date: string
  /** The warehouse hour of each bucket, bucket 0 (midnight) to the current hour. */
  hours: number[]
}

const pad = (n: number) => String(n).padStart(2, '0')

export function warehouseDay(now: Date): WarehouseDay {
  const since = warehouseMidnight(now)
  const buckets = Math.floor((now.getTime() - since.getTime()) / HOUR) + 1
  const { year, month, day } = wallClock(now)
  return {
    since,
    date: `${year}-${pad(month)}-${pad(day)}`,
    hours: Array.from({ length: buckets }, (_, i) => wallClock(new Date(since.getTime() + i * HOUR)).hour),
  }
}
