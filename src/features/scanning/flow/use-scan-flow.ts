/**
 * The scan-flow pattern of every scan-first screen (docs/scan-screen.md):
 * a pure model (state, events, reducer, the active field) and this hook, which
 * - takes every scan — the active field's, or a burst that reached the page with no field focused —
 *   into one queue, handled in order against the latest state, never dropped or merged;
 * - runs the screen's writes in the same queue, so a scan made during a write waits for it;
 * - moves the focus to the model's active field, and back there after a tap;
 * - keeps the work in progress on the device and gives it back, with a banner, after a reload.
 */
import { startTransition, useEffect, useMemo, useRef, useState } from 'react'
import { draftRowKey } from '@/lib/db'
import { getToken, userOfToken } from '@/lib/session'
import { useScanListener } from '../hooks/use-scan-listener.ts'
import type { ScanResult } from '../model/parse.ts'
import type { ScanHandler, ScanVerdict } from '../types.ts'
import { draftWriter, loadDraft, restoredApplies, type DraftOptions } from './drafts.ts'
import { SerialQueue } from './serial-queue.ts'
import { createFlowStore } from './store.ts'

export interface FlowModel<S, E> {
  initial: S
  reduce(state: S, event: E): S
  /** The field the next scan goes to (null: none, e.g. while nothing can be scanned). */
  activeField(state: S): string | null
}

/** What a scan handler gets: the state as it is now (not as the last render saw it), and dispatch. */
export interface FlowHandle<S, E> {
  state(): S
  dispatch(event: E): void
  /**
   * Once the draft holds every change dispatched so far. A scan that sends its write itself (not
   * through `run`) awaits it first, so the key it sends is on the device before the request leaves:
   * a reload while the answer travels then resends that key instead of losing the scan.
   */
  saved(): Promise<void>
}

export interface ScanFlowOptions<S, E> {
  model: FlowModel<S, E>
  onScan(scan: ScanResult, flow: FlowHandle<S, E>): ScanVerdict | void | Promise<ScanVerdict | void>
  draft?: DraftOptions<S, E>
  /**
   * Something to put in the flow when it opens, after the draft (e.g. a refused write reopened
   * from the outbox): its event, or null. Runs in the queue, so scans wait for it.
   */
  load?: () => Promise<E | null>
}

export interface Restored {
  savedAt: number
  summary: string
  /** What the draft was about (DraftOptions.subject), null when the screen does not say. */
  subject?: string | null
}

export function useScanFlow<S, E>(options: ScanFlowOptions<S, E>) {
  const { model } = options
  const [store] = useState(() => createFlowStore(model.reduce, model.initial))
  const [queue] = useState(() => new SerialQueue())
  const [view, setView] = useState(() => ({ state: store.getState(), focus: 0 }))
  const [pending, setPending] = useState(0)
  const [restored, setRestoredState] = useState<Restored | null>(null)
  // Read by the store's listener, which drops the banner for good (below).
  const restoredRef = useRef<Restored | null>(null)
  const [setRestored] = useState(() => (next: Restored | null) => {
    restoredRef.current = next
    setRestoredState(next)
  })
  const handlers = useRef(options)
  useEffect(() => {
    handlers.current = options
  })

  // The draft's writer (useDraft): a task of the queue starts once its saves have landed.
  const writer = useRef<DraftWriter | null>(null)
  const flow = useMemo(() => {
    const handle: FlowHandle<S, E> = {
      state: store.getState,
      dispatch: store.dispatch,
      saved: async () => void (await writer.current?.idle()),
    }
    /** Every scan of the screen goes through here, in order. */
    const scan: ScanHandler = (result) => queue.run(() => handlers.current.onScan(result, handle))
    return {
      handle,
      scan,
      /**
       * A write (or any task) behind the scans made before it; scans made meanwhile wait for it. It
       * starts once the draft is saved: the outbox deletes the draft with the write it stores.
       */
      run: <T>(task: () => Promise<T>): Promise<T> =>
        Promise.resolve(queue.run(async () => (await writer.current?.idle(), task()))),
    }
  }, [store, queue])

  // The render follows the store inside a transition (the scan's feedback is painted first); the
  // focus follows the active field.
  // One counter for a change of field and a `refocus()`: a store change after a refocus must not
  // set the signal back to an older value, which would move the focus to the scan field while the
  // user types elsewhere (a weight, a number).
  const focusCount = useRef(0)
  useEffect(() => {
    let field = handlers.current.model.activeField(store.getState())
    return store.subscribe(() => {
      const state = store.getState()
      const now = handlers.current.model.activeField(state)
      if (now !== field) focusCount.current += 1
      field = now
      const snapshot = { state, focus: focusCount.current }
      startTransition(() => setView(snapshot))
      // The banner goes for good once the restored work is finished or left for another.
      const banner = restoredRef.current
      const draft = handlers.current.draft
      if (banner && draft && !restoredApplies(draft, state, banner.subject ?? null)) setRestored(null)
    })
  }, [store, setRestored])
  // The count of waiting scans renders with the rest (after the scan's feedback), not at once.
  useEffect(() => queue.subscribe(() => startTransition(() => setPending(queue.size))), [queue])

  const draftKey = useDraft(store, flow.run, handlers, setRestored, writer)
  useEffect(() => {
    const load = handlers.current.load
    if (!load) return
    let cancelled = false
    void flow.run(async () => {
      const event = await load().catch(() => null)
      if (event && !cancelled) store.dispatch(event)
    })
    return () => {
      cancelled = true
    }
  }, [flow, store])
  useScanListener(flow.scan)

  return {
    /** The state as the last render shows it. */
    state: view.state,
    /** The state now (a handler or a write reads this one, never a render's). */
    current: store.getState,
    /** What the scan handlers are handed, for a task the screen starts itself (a button). */
    handle: flow.handle,
    dispatch: store.dispatch,
    /** The handler every scan field of the screen uses. */
    scan: flow.scan,
    run: flow.run,
    /** Scans waiting or being handled. */
    pending,
    /** Changes whenever the focus must go back to the active field. */
    focusSignal: view.focus,
    /** After a tap on a button: the next scan's Enter must not press it again. */
    refocus: () => {
      const focus = (focusCount.current += 1)
      setView((v) => ({ ...v, focus }))
    },
    /**
     * The banner's draft, while it still applies to what is on screen (restoredApplies): the store's
     * listener drops it, urgently, in the change that the transition's view follows.
     */
    restored,
    dismissRestored: () => setRestored(null),
    /** This screen's draft (lib/db draftRowKey), for the outbox to delete with the write it stores. */
    draftKey,
  }
}

type Handlers<S, E> = { current: { draft?: DraftOptions<S, E> } }
type DraftWriter = ReturnType<typeof draftWriter>

/**
 * Restores the draft first (as the queue's first task: a scan made while it loads waits for it),
 * then keeps every change. Returns the draft's key (null without a draft or a user).
 */
function useDraft<S, E>(
  store: ReturnType<typeof createFlowStore<S, E>>,
  run: (task: () => Promise<void>) => Promise<void>,
  handlers: Handlers<S, E>,
  onRestored: (restored: Restored) => void,
  writerRef: { current: DraftWriter | null },
): string | null {
  const options = handlers.current.draft
  const screen = options?.screen
  const scope = options?.scope
  const version = options?.version ?? 1
  // Read once: the token is decoded at mount, not at every render (one per scan).
  const [user] = useState(() => userOfToken(getToken()))
  useEffect(() => {
    if (!screen || scope === undefined || !user) return
    const key = { user, screen, scope }
    const writer = draftWriter(key, version)
    let stop: (() => void) | undefined
    let cancelled = false
    void run(async () => {
      const row = await loadDraft(key, version)
      const current = handlers.current.draft
      if (cancelled || !current) return
      if (row && row.state !== null && current.open && !current.open(row.state)) {
        // Finished (a list fully picked, an order fully labelled): dropped, never given back.
        writer.write(null)
      } else if (row && row.state !== null && current.save(store.getState()) === null) {
        store.dispatch(current.restore(row.state))
        const subject = current.subject?.(row.state) ?? null
        onRestored({ savedAt: row.savedAt, summary: current.describe(row.state), subject })
      }
      writerRef.current = writer
      stop = store.subscribe(() => writer.write(handlers.current.draft?.save(store.getState()) ?? null))
    })
    return () => {
      cancelled = true
      stop?.()
      if (writerRef.current === writer) writerRef.current = null
    }
  }, [screen, scope, version, user, store, run, handlers, onRestored, writerRef])
  return screen && scope !== undefined && user ? draftRowKey({ user, screen, scope }) : null
}
