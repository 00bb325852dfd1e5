/**
 * What the header and the outbox screen show, kept apart from the engine so that reading it costs
 * the first screen nothing (the engine and Dexie load after the app shows).
 */
import { useSyncExternalStore } from 'react'

export interface OutboxStatus {
  /** Waiting to be sent (including those waiting out a backoff or a sign-in). */
  pending: number
  /** Refused by the server: waiting for the user to retry or discard them. */
  failed: number
  /** An attempt is under way. */
  sending: boolean
  /** The session expired: the items wait for the user to sign in again. */
  waitingForSignIn: boolean
}

let status: OutboxStatus = { pending: 0, failed: 0, sending: false, waitingForSignIn: false }
const listeners = new Set<() => void>()

export function getOutboxStatus(): OutboxStatus {
  return status
}

export function updateOutboxStatus(patch: Partial<OutboxStatus>): void {
  const next = { ...status, ...patch }
  if ((Object.keys(next) as (keyof OutboxStatus)[]).every((k) => next[k] === status[k])) return
  status = next
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useOutboxStatus(): OutboxStatus {
  return useSyncExternalStore(subscribe, getOutboxStatus, getOutboxStatus)
}
