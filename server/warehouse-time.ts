/**
 * The warehouse's time zone: one site setting (WAREHOUSE_TIME_ZONE, docs/configuration.md,
 * default Europe/Paris) that every day boundary (today's statistics), pickup time, printed date and
 * screen date uses (the PWA gets it in the access answer). Never the server's own TZ: most servers
 * run in UTC, and a warehouse in Paris whose statistics started at 01:00 or 02:00 would count the
 * night before as today.
 *
 * One value per process, set by buildApp from the configuration; the documents and the statistics
 * read it when they format, so a test can build an app in another zone.
 */
export const DEFAULT_TIME_ZONE = 'Europe/Paris'

let current = DEFAULT_TIME_ZONE

/** Whether `zone` is an IANA time zone this runtime knows ('Europe/Paris', 'UTC'). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

export function setWarehouseTimeZone(zone: string): void {
  if (!isTimeZone(zone)) throw new Error(`Unknown time zone "${zone}"`)
  current = zone
}

export const warehouseTimeZone = (): string => current

const formats = new Map<string, Intl.DateTimeFormat>()

/** A formatter in the warehouse's zone (kept per zone and options: building one costs ~0.1 ms). */
export function warehouseFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${current}|${locale}|${JSON.stringify(options)}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: current })
    formats.set(key, format)
  }
  return format
}

export interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

/** The date and time a clock in the warehouse shows at `at`. */
export function wallClock(at: Date): WallClock {
  const parts = warehouseFormat('en-GB', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at)
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  }
}

/** How far the warehouse's clock is ahead of UTC at `at`, in ms (Paris: one or two hours). */
function offsetAt(at: number): number {
  const c = wallClock(new Date(at))
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(at / 1000) * 1000
}

/** The instant of the warehouse's last midnight at or before `now`. */
export function warehouseMidnight(now: Date): Date {
  const { year, month, day } = wallClock(now)
  const wall = Date.UTC(year, month - 1, day)
  // The offset at midnight may differ from now's (a day the clocks change): correct once more.
  let at = wall - offsetAt(wall)
  at = wall - offsetAt(at)
  return new Date(at)
}

/** '28/11/2026', warehouse time: what documents print for a day. */
export const warehouseDate = (at: Date): string => warehouseFormat('fr-FR', { dateStyle: 'short' }).format(at)

/** '28/11/2026 14:05', warehouse time. */
export const warehouseDateTime = (at: Date): string =>
  warehouseFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' }).format(at)
