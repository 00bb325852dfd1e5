/**
 * docs/specification.md §4 printing context and §8: what the gate shows, from the three things it waits for.
 * The printer list's 404 is tolerated; the computer check never fails the gate (failure = not
 * configured); the IP detection failing (the browser throws), or the printer list failing
 * otherwise, is an error. A detection that found no address is a result (null), not a failure: the
 * indicator says the IP is inaccessible and the app goes on.
 */
import { messages } from '@/lib/messages'

export type IpOutcome = 'pending' | 'ok' | 'failed' | 'unsupported'
export type ComputerOutcome = 'pending' | 'configured' | 'not-configured'
export type PrintersOutcome = 'pending' | 'ok' | 'not-found' | 'error'

export type GateState = 'loading' | 'ready' | { error: string }

export function gateState({
  ip,
  computer,
  printers,
}: {
  ip: IpOutcome
  computer: ComputerOutcome
  printers: PrintersOutcome
}): GateState {
  if (ip === 'unsupported') return { error: messages.errors.noPeerConnection }
  if (ip === 'failed' || printers === 'error') return { error: messages.errors.printingLoad }
  if (ip === 'pending' || computer === 'pending' || printers === 'pending') return 'loading'
  return 'ready'
}

/** What the gate reads of a query (a subset of useQuery's result). */
export interface QueryView<T> {
  data: T | undefined
  error: unknown
  isError: boolean
  isFetching: boolean
}

/**
 * Kept data wins (a background re-detection that fails keeps the app going); a retry is pending.
 * null ("no address found") is data: 'ok'.
 */
export function ipOutcome(
  query: QueryView<string | null>,
  isUnsupported: (error: unknown) => boolean,
): IpOutcome {
  if (query.data !== undefined) return 'ok'
  if (query.isError && !query.isFetching) return isUnsupported(query.error) ? 'unsupported' : 'failed'
  return 'pending'
}

/** Any failure of the check means 'not configured' (docs/specification.md §7.3, §8); the query answers false then. */
export function computerOutcome(query: QueryView<boolean>): ComputerOutcome {
  if (query.data === true) return 'configured'
  if (query.data === false || query.isError) return 'not-configured'
  return 'pending'
}

/** The list query answers null for the tolerated 404. */
export function printersOutcome(query: QueryView<readonly unknown[] | null>): PrintersOutcome {
  if (query.data !== undefined) return query.data === null ? 'not-found' : 'ok'
  if (query.isError && !query.isFetching) return 'error'
  return 'pending'
}
