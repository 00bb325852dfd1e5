/**
 * The instant a clock in Paris (the warehouse's default zone, lib/dates) shows these parts, with
 * `new Date(...)`'s arguments (month from 0): screens show dates in the warehouse's zone, not the
 * machine's, so a test built from local parts would depend on where it runs.
 */
export function inParis(
  year: number,
  monthIndex: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): Date {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
  const offset = (at: number) => {
    const p = Object.fromEntries(parts.formatToParts(new Date(at)).map((x) => [x.type, Number(x.value)]))
    return (
      Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0) - at
    )
  }
  const wall = Date.UTC(year, monthIndex, day, hour, minute, second)
  return new Date(wall - offset(wall - offset(wall)))
}
