/**
 * Dates as a French worker reads them, in the warehouse's time zone: the one the server names in the
 * access answer (WAREHOUSE_TIME_ZONE), so a screen says the same hour as the pick list, the label
 * and the manifest, whatever the device's own zone. Kept in localStorage for a start offline, before
 * the access answer. A text that is no date is shown as it is (better than 'Invalid Date').
 */
export const DEFAULT_TIME_ZONE = 'Europe/Paris'
const STORAGE_KEY = 'warehouseTimeZone'

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('fr-FR', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

const stored = (): string | null => {
  try {
    const zone = globalThis.localStorage?.getItem(STORAGE_KEY) ?? null
    return zone && isTimeZone(zone) ? zone : null
  } catch {
    return null
  }
}

let zone = stored() ?? DEFAULT_TIME_ZONE
const formats = new Map<string, Intl.DateTimeFormat>()

/** The warehouse's zone from the access answer; absent (another backend) or unknown: Paris. */
export function setWarehouseTimeZone(next: string | undefined): void {
  const valid = next && isTimeZone(next) ? next : DEFAULT_TIME_ZONE
  if (valid === zone) return
  zone = valid
  formats.clear()
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, valid)
  } catch {
    // Private mode or a full storage: the zone holds until the page is reloaded.
  }
}

export const warehouseTimeZone = (): string => zone

const formatOf = (options: Intl.DateTimeFormatOptions) => {
  const key = JSON.stringify(options)
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat('fr-FR', { ...options, timeZone: zone })
    formats.set(key, format)
  }
  return format
}

const format = (at: string | number | Date, options: Intl.DateTimeFormatOptions) => {
  const date = new Date(at)
  return Number.isNaN(date.getTime()) ? String(at) : formatOf(options).format(date)
}

/** '12/05/2025 09:30' */
export const formatDateTime = (at: string | number | Date): string =>
  format(at, { dateStyle: 'short', timeStyle: 'short' })

/** '12/05/2025 09:30:12', where the second tells two events apart (print history, outbox). */
export const formatDateTimeSeconds = (at: string | number | Date): string =>
  format(at, { dateStyle: 'short', timeStyle: 'medium' })

/** '12/05/2025', for a day alone (a ship-by date). */
export const formatDay = (at: string | number | Date): string => format(at, { dateStyle: 'short' })

/** '09:30' */
export const formatTime = (at: string | number | Date): string =>
  format(at, { hour: '2-digit', minute: '2-digit' })
