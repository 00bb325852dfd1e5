/** bench:api:postgres: our capacity as a share of the bare-PostgreSQL floor (pg-floor.ts; issue 35). */
import type { BareFloorResult } from './pg-floor.ts'

/**
 * `capacity N % of the bare-PostgreSQL floor`: the highest of the rates measured within budget
 * (the capacity found, the two servers' rate, the main run's; null when not measured or not within
 * budget) against the floor's writes per second. Before it, the same ratio by CPU, which other work
 * on the machine's cores moves less than the rates: the floor's CPU per write (PostgreSQL's and its
 * pg client's) against the main run's per request (`cpuPerRequest`: the server's, its pg client
 * included, and PostgreSQL's).
 */
export function printFloorShare(
  floor: BareFloorResult,
  held: { capacity: number | null; twoServers: number | null; main: number | null; cpuPerRequest: number },
): void {
  const floorCpu = floor.databaseCpuPerWrite + floor.clientCpuPerWrite
  const ms = (value: number) => `${value.toFixed(2)} ms`
  console.log(
    `by CPU per write: the floor ${ms(floorCpu)} (PostgreSQL ${ms(floor.databaseCpuPerWrite)}, pg client ` +
      `${ms(floor.clientCpuPerWrite)}), through the server ${ms(held.cpuPerRequest)}: ` +
      `${Math.round((floorCpu / held.cpuPerRequest) * 100)} % of the floor's writes per core`,
  )
  const candidates: [number | null, string][] = [
    [held.capacity, `capacity ${held.capacity} req/s (WORKERS=2)`],
    [held.twoServers, `two servers within budget, ${held.twoServers} req/s`],
    [held.main, `main run within budget, ${held.main} req/s`],
  ]
  let [rate, what] = [0, 'nothing measured within budget']
  for (const [r, w] of candidates) if (r !== null && r > rate) [rate, what] = [r, w]
  console.log(`${what} against the floor's ${floor.rate.toFixed(0)} writes/s`)
  console.log(`capacity ${Math.round((rate / floor.rate) * 100)} % of the bare-PostgreSQL floor`)
}
