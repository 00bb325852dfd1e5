/**
 * The Idempotency-Key of a print click that got no answer (print-flow.ts), kept in localStorage
 * rather than in memory: a worker who reloads a screen that seemed frozen, or whose tablet
 * restarted, and clicks 'Imprimer' again for the same shop, choice and number still sends it, so
 * the server answers the batch it may already have made instead of claiming other orders. After
 * a day the click is a new request (the server keeps keys 7 days).
 */
import type { PendingKey } from './model.ts'

export const PENDING_PRINT_KEY = 'picking-pending-print'
const MAX_AGE_MS = 24 * 60 * 60 * 1000

export function loadPendingPrint(now = Date.now()): PendingKey | null {
  try {
    const kept = JSON.parse(localStorage.getItem(PENDING_PRINT_KEY) ?? 'null') as unknown
    if (!kept || typeof kept !== 'object') return null
    const { signature, key, at } = kept as Record<string, unknown>
    if (typeof signature !== 'string' || typeof key !== 'string' || typeof at !== 'number') return null
    return now - at < MAX_AGE_MS ? { signature, key } : null
  } catch {
    return null // storage unavailable or a damaged value: the click gets a new key
  }
}

export function savePendingPrint(pending: PendingKey | null, now = Date.now()): void {
  try {
    if (pending) localStorage.setItem(PENDING_PRINT_KEY, JSON.stringify({ ...pending, at: now }))
    else localStorage.removeItem(PENDING_PRINT_KEY)
  } catch {
    // Unavailable storage: the key lives as long as the screen, as it did before.
  }
}
