/**
 * The warehouse's day: from the server's local midnight (its time zone, TZ) to now. Events are
 * put in hour buckets counted from midnight in SQL (whole hours since `since`, which needs no
 * time zone support in the database); `hours` names each bucket with its local hour. On the day
 * the clocks go back, two buckets carry the same hour: the figures merge them (hourFigures).
 */
const HOUR = 3_600_000

export interface WarehouseDay {
  /** Local midnight. */
  since: Date
  /** YYYY-MM-DD, local. */
  date: string
  /** The local hour of each bucket, bucket 0 (midnight) to the current hour. */
  hours: number[]
}

const pad = (n: number) => String(n).padStart(2, '0')

export function warehouseDay(now: Date): WarehouseDay {
  const since = new Date(now)
  since.setHours(0, 0, 0, 0)
  const buckets = Math.floor((now.getTime() - since.getTime()) / HOUR) + 1
  return {
    since,
    date: `${since.getFullYear()}-${pad(since.getMonth() + 1)}-${pad(since.getDate())}`,
    hours: Array.from({ length: buckets }, (_, i) => new Date(since.getTime() + i * HOUR).getHours()),
  }
}
