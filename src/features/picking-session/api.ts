/**
 * The server calls of the 'Picking scan' screen, with one query key factory. Picks are not here:
 * they go through the outbox (kind 'pick'), so they survive a Wi-Fi gap and land exactly once.
 */
import {
  pickingCommandsSheet,
  pickingSessionClose,
  pickingSessionCreate,
  pickingSessionResume,
  pickingTotesKnown,
  type BodyOf,
  type PickingSession,
} from '@contract'
import { queryOptions, useMutation, type QueryClient } from '@tanstack/react-query'
import { ApiError, callApi } from '@/lib/http'
import { isServerReachable } from '@/lib/network-status'
import { randomUuid } from '@/lib/random-id'

export const pickingSessionKeys = {
  all: ['picking-session'] as const,
  /** The user's open session (null: none). */
  current: () => [...pickingSessionKeys.all, 'current'] as const,
  commands: () => [...pickingSessionKeys.all, 'commands'] as const,
}

/** The user's open session, or null (the server's 404): always asked afresh, never retried by itself. */
export function currentSessionQuery() {
  return queryOptions({
    queryKey: pickingSessionKeys.current(),
    queryFn: async ({ signal }): Promise<PickingSession | null> => {
      try {
        return await callApi(pickingSessionResume, { signal })
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
    // The screen says what happened (offline: the session on the device).
    meta: { errorToast: false },
  })
}

/**
 * The highest crate number printed (issue 31): the device refuses a crate above it, offline too.
 * Its own root, 'picking-totes', is kept with the reference lists (src/app/query-persistence.ts),
 * so a handheld that opens the screen offline still knows the crates.
 */
export function knownTotesQuery() {
  return queryOptions({
    queryKey: ['picking-totes'] as const,
    queryFn: ({ signal }) => callApi(pickingTotesKnown, { signal }),
    staleTime: 60_000,
    // Without it the server alone checks the crate, as before: nothing to tell the picker.
    meta: { errorToast: false },
  })
}

/** How long a scan of an unknown crate waits for the server's fresh count before the device decides. */
const TOTES_ASK_MS = 2_000

/**
 * The highest crate printed, asked afresh (a crate above the device's copy was perhaps printed
 * since): null at once when the server is known unreachable, or when no answer comes soon.
 */
export function askKnownTotes(client: QueryClient): Promise<number | null> {
  if (!isServerReachable()) return Promise.resolve(null)
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), TOTES_ASK_MS)))
  const asked = client.fetchQuery({ ...knownTotesQuery(), staleTime: 0, networkMode: 'always' }).then(
    (known) => known.lastPrinted,
    () => null,
  )
  return Promise.race([asked, late]).finally(() => clearTimeout(timer))
}

export type CreateBody = BodyOf<typeof pickingSessionCreate>

/** Opens a session (a printed list by its name, or the next ready orders of a shop's type). */
export const createSession = (body: CreateBody): Promise<PickingSession> =>
  callApi(pickingSessionCreate, { body, headers: { 'Idempotency-Key': randomUuid() } })

/**
 * Closes a session. `key` is the same for every attempt of one close, so a retry after a lost
 * answer gets the summary the server already made.
 */
export const closeSession = (id: number, key: string) =>
  callApi(pickingSessionClose, { params: { id }, headers: { 'Idempotency-Key': key } })

/** The commands sheet (PDF): 'Passer', 'Manquant', 'Clôturer' as barcodes. */
export function useCommandsSheet() {
  return useMutation({
    mutationKey: pickingSessionKeys.commands(),
    mutationFn: () => callApi(pickingCommandsSheet),
    meta: { errorToast: false },
  })
}
