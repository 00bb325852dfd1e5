/**
 * Work in progress kept on the device (IndexedDB, strict durability) after every change, so a
 * reload, an app update, Android killing the tab or a power loss gives back what was scanned.
 * Writes are coalesced and leave the scan's own task: while one is on its way only the newest
 * state waits behind it, and a state equal to the last one written is not written again. A screen
 * says what to keep with DraftOptions (most with `warehouseDraft`).
 */
import { draftRowKey, tables, type DraftRow } from '@/lib/db'

export interface DraftKey {
  user: string
  screen: string
  /** The shop's slug, or 'entrepot' for a warehouse-wide screen. */
  scope: string
}

export interface DraftOptions<S, E> {
  screen: string
  scope: string
  /** The shape of what `save` gives: raise it when that changes, and older drafts are not restored. */
  version?: number
  /** The part worth keeping (plain data), or null when there is nothing to keep. */
  save(state: S): unknown
  /** The event that puts a kept draft back. */
  restore(saved: unknown): E
  /** What the banner says was restored ('3 lignes, 12 articles'). */
  describe(saved: unknown): string
  /**
   * Whether the kept work is still open (default: yes). A finished one (a list fully picked, an
   * order fully labelled) is dropped on open: not given back, and no banner names it.
   */
  open?(saved: unknown): boolean
  /**
   * What the kept work is about (a list, an order), when the screen can move to another: the
   * banner is shown only while the screen is on that one.
   */
  subject?(saved: unknown): string | null
}

/**
 * The draft of a warehouse-wide screen (one per user, scope 'entrepot') whose model takes a kept
 * draft back as `{ type: 'restored', saved }`: what each such screen wrote for itself. The stored
 * value is read as `T` here, once; `version` is what keeps a draft of another shape out.
 */
export function warehouseDraft<S, T>(
  screen: string,
  save: (state: S) => T | null,
  describe: (saved: T) => string,
  version?: number,
  banner: { open?: (saved: T) => boolean; subject?: (saved: T) => string | null } = {},
): DraftOptions<S, { type: 'restored'; saved: T }> {
  const { open, subject } = banner
  return {
    screen,
    scope: 'entrepot',
    ...(version !== undefined && { version }),
    save,
    restore: (saved) => ({ type: 'restored', saved: saved as T }),
    describe: (saved) => describe(saved as T),
    ...(open && { open: (saved: unknown) => open(saved as T) }),
    ...(subject && { subject: (saved: unknown) => subject(saved as T) }),
  }
}

/**
 * Whether the banner of a restored draft still applies to the screen's state: the work is still
 * in progress (the screen would keep a draft) and about the same thing (`subject`). A banner
 * naming a list already finished, or an order the worker has left for another, misleads.
 */
export function restoredApplies<S, E>(draft: DraftOptions<S, E>, state: S, subject: string | null): boolean {
  const now = draft.save(state)
  if (now === null || now === undefined) return false
  if (draft.open && !draft.open(now)) return false
  return !draft.subject || draft.subject(now) === subject
}

/** A kept draft of this shape (`version`), or undefined: one of another version is not given back. */
export async function loadDraft(key: DraftKey, version: number): Promise<DraftRow | undefined> {
  try {
    const row = await tables.drafts().get(draftRowKey(key))
    // Saved by another version of the screen (an app update changed its shape): not restorable.
    return row && (row.version ?? 1) === version ? row : undefined
  } catch (error) {
    // No IndexedDB (private mode, storage refused): the screen works, without the safety net.
    console.error('draft load failed', error)
    return undefined
  }
}

/**
 * A writer for one screen's draft: `write(state)` keeps it, `write(null)` drops it; `idle()`
 * resolves once every write asked for has landed (a write to the outbox waits for it, so the
 * outbox's deletion of the draft comes after, never before, its last save).
 */
export function draftWriter(key: DraftKey, version: number) {
  const id = draftRowKey(key)
  let next: { state: unknown } | null = null
  let last: string | undefined
  let flushing: Promise<void> | null = null
  const flush = async () => {
    // Out of the scan's task: its feedback comes first.
    await new Promise((resolve) => setTimeout(resolve, 0))
    while (next) {
      const { state } = next
      next = null
      const json = JSON.stringify(state)
      if (json === last) continue
      try {
        if (state === null) await tables.drafts().delete(id)
        else await tables.drafts().put({ key: id, ...key, state, version, savedAt: Date.now() })
        last = json
      } catch (error) {
        console.error('draft save failed', error)
      }
    }
    flushing = null
  }
  return {
    write(state: unknown | null) {
      next = { state }
      flushing ??= flush()
    },
    idle: (): Promise<void> => flushing ?? Promise.resolve(),
  }
}
