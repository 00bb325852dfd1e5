/**
 * Dates as a French worker reads them, in the device's time zone. A text that is no date is shown
 * as it is (better than 'Invalid Date' on a screen).
 */
const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' })
const dayFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short' })

const format = (iso: string, as: Intl.DateTimeFormat) => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : as.format(date)
}

/** '12/05/2025 09:30' */
export const formatDateTime = (iso: string): string => format(iso, dateTimeFormat)

/** '12/05/2025', for a day alone (a ship-by date). */
export const formatDay = (iso: string): string => format(iso, dayFormat)
