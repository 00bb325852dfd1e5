/**
 * The batches printed from this station, for 'Réimprimer': kept in localStorage (the station is
 * the device, whoever signs in), recorded as soon as the server answers a print — so a list whose
 * orders were claimed but whose printing failed (no agent, paper jam) can be printed again
 * without claiming other orders.
 */
import { pickingBatchSchema, type PickingBatch } from '@contract'
import { useMemo, useSyncExternalStore } from 'react'
import { z } from 'zod/mini'
import { addRecentBatch } from './model.ts'

export const RECENT_BATCHES_KEY = 'picking-recent-batches'

const listSchema = z.array(pickingBatchSchema)
const listeners = new Set<() => void>()
const EMPTY: PickingBatch[] = []
let cache: { raw: string | null; list: PickingBatch[] } | null = null

function read(): PickingBatch[] {
  let raw: string | null = null
  try {
    raw = localStorage.getItem(RECENT_BATCHES_KEY)
  } catch {
    return EMPTY // storage unavailable (private mode): nothing to reprint from, nothing breaks
  }
  if (cache?.raw === raw) return cache.list
  let list = EMPTY
  try {
    const parsed = listSchema.safeParse(raw ? JSON.parse(raw) : [])
    if (parsed.success) list = parsed.data
  } catch {
    // A damaged value is dropped: the list is a convenience, the server keeps every batch.
  }
  cache = { raw, list }
  return list
}

export function recordBatch(batch: PickingBatch): void {
  try {
    localStorage.setItem(RECENT_BATCHES_KEY, JSON.stringify(addRecentBatch(read(), batch)))
  } catch {
    // Full or unavailable storage: the print goes on; only the reprint shortcut is missing.
  }
  listeners.forEach((listener) => listener())
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  // Another tab of this station printed a list.
  const onStorage = (event: StorageEvent) => {
    if (event.key === RECENT_BATCHES_KEY || event.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** This station's recent batches of a shop, newest first. */
export function useRecentBatches(shop: string, limit = 5): PickingBatch[] {
  const all = useSyncExternalStore(subscribe, read, () => EMPTY)
  return useMemo(() => all.filter((b) => b.shop === shop).slice(0, limit), [all, shop, limit])
}
