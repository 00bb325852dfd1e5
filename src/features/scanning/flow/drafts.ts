/**
 * Work in progress kept on the device (IndexedDB, strict durability) after every change, so a
 * reload, an app update, Android killing the tab or a power loss gives back what was scanned.
 * Writes are coalesced: while one is on its way only the newest state waits behind it.
 */
import { tables, type DraftRow } from '@/lib/db'

export interface DraftKey {
  user: string
  screen: string
  /** The shop's slug, or 'entrepot' for a warehouse-wide screen. */
  scope: string
}

const keyOf = ({ user, screen, scope }: DraftKey) => `${user}|${screen}|${scope}`

export async function loadDraft(key: DraftKey): Promise<DraftRow | undefined> {
  try {
    return await tables.drafts().get(keyOf(key))
  } catch (error) {
    // No IndexedDB (private mode, storage refused): the screen works, without the safety net.
    console.error('draft load failed', error)
    return undefined
  }
}

/** A writer for one screen's draft: `write(state)` keeps it, `write(null)` drops it. */
export function draftWriter(key: DraftKey) {
  let busy = false
  let next: { state: unknown } | null = null
  const flush = async () => {
    busy = true
    while (next) {
      const { state } = next
      next = null
      try {
        if (state === null) await tables.drafts().delete(keyOf(key))
        else await tables.drafts().put({ key: keyOf(key), ...key, state, savedAt: Date.now() })
      } catch (error) {
        console.error('draft save failed', error)
      }
    }
    busy = false
  }
  return {
    write(state: unknown | null) {
      next = { state }
      if (!busy) void flush()
    },
  }
}
