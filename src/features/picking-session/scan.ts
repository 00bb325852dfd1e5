/**
 * What a scan does on the 'Picking scan' screen, against the latest state (flow.state()):
 * - no session (or after the summary): a pick list's name (its Code 128) opens a session on it;
 * - in a session: a command barcode (PICKING_COMMANDS) skips, reports a short or closes (the last
 *   two asked twice); an impossible code is refused on the device (productCodesOf); anything else
 *   goes to the model, which confirms the location, picks one unit or says what is wrong.
 * A pick, skip or short the model accepts is stored in the outbox (IndexedDB) before the scan's
 * feedback (`store`): a beep means the pick is kept on the device. The feedback does not wait for
 * the server. Unit-tested with fake dependencies (scan.test.ts).
 */
import { isToteCode, PICKING_COMMANDS, type PickingCommand, type PickingSession } from '@contract'
import { productCodesOf, type FlowHandle, type ScanResult, type ScanVerdict } from '@/features/scanning'
import { ApiError } from '@/lib/http'
import { messages } from '@/lib/messages'
import type { CreateBody } from './api.ts'
import { sameName, type PickingEvent, type PickingState, type PickOp, type QueuedPick } from './model.ts'
import { isKnownTote } from './rules.ts'
import { text as t } from './text.ts'

type Flow = FlowHandle<PickingState, PickingEvent>

export interface PickingDeps {
  /** Stores a pick, skip or short in the outbox ('stored', or 'storeFailed' which undoes it). */
  store(op: PickOp): Promise<void>
  create(body: CreateBody): Promise<PickingSession>
  /** The user's open session, or null. */
  resume(): Promise<PickingSession | null>
  /** The highest crate printed, asked afresh; null when the server does not answer (soon). */
  totes?(): Promise<number | null>
}

/** The command a scan names, or null. */
export function commandOf(text: string): PickingCommand | null {
  const found = (Object.keys(PICKING_COMMANDS) as PickingCommand[]).find((c) =>
    sameName(text, PICKING_COMMANDS[c]),
  )
  return found ?? null
}

export function pickingScan(deps: PickingDeps) {
  return (scan: ScanResult, flow: Flow): ScanVerdict | Promise<ScanVerdict> => {
    const { phase } = flow.state()
    if (phase === 'start' || phase === 'closed') return listScan(scan, flow, deps)
    if (phase === 'closing') {
      // Clôturer again retries a close that failed. A confirmed close is not undone by a scan (a
      // scan right after 'Confirmer' cancelled it, issue 31): the scan is refused, saying why;
      // 'Reprendre le picking' is the way back.
      if (commandOf(scan.text) === 'close') {
        flow.dispatch({ type: 'closeRetried' })
        return 'success'
      }
      flow.dispatch({ type: 'refusedLocally', message: t.closingScan })
      return 'error'
    }
    return withKnownTotes(scan, flow, deps)
  }
}

/**
 * A crate above the highest one the device knows was perhaps printed since it last asked: with the
 * server reachable, it asks again (briefly) before the model decides; offline the model refuses it.
 */
function withKnownTotes(scan: ScanResult, flow: Flow, deps: PickingDeps): ScanVerdict | Promise<ScanVerdict> {
  const state = flow.state()
  const text = scan.text.trim().toUpperCase()
  if (!deps.totes || !state.inHand || !isToteCode(text) || isKnownTote(state, text))
    return sessionScan(scan, flow, deps)
  return deps.totes().then((lastPrinted) => {
    if (lastPrinted !== null) flow.dispatch({ type: 'totesKnown', lastPrinted })
    return sessionScan(scan, flow, deps)
  })
}

function sessionScan(scan: ScanResult, flow: Flow, deps: PickingDeps): ScanVerdict | Promise<ScanVerdict> {
  const before = flow.state()
  const command = commandOf(scan.text)
  if (command) {
    flow.dispatch({ type: 'command', command })
  } else {
    const codes = productCodesOf(scan)
    if (!codes.ok) flow.dispatch({ type: 'refusedLocally', message: codes.message })
    else flow.dispatch({ type: 'scanned', text: scan.text.trim(), code: codes.code, codes: codes.codes })
  }
  const after = flow.state()
  if (after === before) return 'error'
  if (after.nextOp === before.nextOp) return after.notice?.tone ?? 'success'
  // Still in this scan's turn of the queue: the next scan waits for the store, as it did before.
  return deps
    .store(after.ops[after.ops.length - 1] as PickOp)
    .then(() => flow.state().notice?.tone ?? 'success')
}

function listScan(scan: ScanResult, flow: Flow, deps: PickingDeps): ScanVerdict | Promise<ScanVerdict> {
  if (commandOf(scan.text)) return startRefused(flow, t.noSession)
  // A list's name is a Code 128 of letters and digits: an EAN or a GS1 code is a product.
  if (scan.kind !== 'text') return startRefused(flow, t.notAList(scan.text.trim()))
  const name = scan.text.trim()
  return openSession(flow, deps, { pickingName: name }, name)
}

function startRefused(flow: Flow, message: string): ScanVerdict {
  flow.dispatch({ type: 'startRefused', message })
  return 'error'
}

/** Why a session could not be opened, in French. */
export function startErrorText(error: unknown, name?: string): string {
  if (!(error instanceof ApiError)) return messages.errors.unexpectedAnswer
  if (error.isRetryable) return t.offlineStart
  if (error.status === 404 && name !== undefined && error.code.startsWith('http_')) return t.unknownList(name)
  return error.message
}

/** Opens a session (by a list's name, or the next ready orders); the user's open one if they have one. */
export async function openSession(
  flow: Flow,
  deps: PickingDeps,
  body: CreateBody,
  name?: string,
): Promise<ScanVerdict> {
  try {
    flow.dispatch({ type: 'started', session: await deps.create(body) })
    return 'success'
  } catch (error) {
    // 409: this user already has a session open (another device, or a lost answer): carry it on.
    const open =
      error instanceof ApiError && error.status === 409 ? await deps.resume().catch(() => null) : null
    if (open) {
      flow.dispatch({ type: 'started', session: open })
      return 'warning'
    }
    return startRefused(flow, startErrorText(error, name))
  }
}

/**
 * What the screen opens on (useScanFlow's `load`, after the draft): the user's open session, with
 * this device's picks still in the outbox applied over it; the device's session when the server
 * does not answer.
 */
export function pickingOpen(deps: Pick<PickingDeps, 'resume'> & { queued(): Promise<QueuedPick[]> }) {
  return async (): Promise<PickingEvent> => {
    const queued = await deps.queued().catch(() => [])
    try {
      return { type: 'opened', session: await deps.resume(), queued }
    } catch (error) {
      if (error instanceof ApiError && !error.isRetryable)
        return { type: 'opened', session: null, queued, error: error.message }
      return { type: 'openedOffline', queued }
    }
  }
}
