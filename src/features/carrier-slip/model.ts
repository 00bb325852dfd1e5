/**
 * 'Bordereau transport' as a pure model (the scan-flow pattern, docs/scan-screen.md): the open slips
 * as the list last gave them, the group opened, the parcels scanned at the dock per group, and the
 * close (chosen, on its way with its Idempotency-Key, refused or answered). load.ts reads it for
 * the screen; scan.ts says what a scan does; the component only wires it. Unit-tested in
 * model.test.ts.
 *
 * The loaded set is kept per group, so going back to the list and opening another slip loses no
 * scan; it is what the draft keeps across a reload. A close in progress is kept too, with its key:
 * a close whose answer was lost is retried with the same key, so the server makes it once.
 */
import type { CarrierSlipClose, CarrierSlipGroup, RoutingAnswer } from '@contract'
import {
  groupOf,
  initialSlips,
  loadedOf,
  localGroup,
  onSlip,
  type CloseMode,
  type Notice,
  type SlipEvent,
  type SlipState,
} from './state.ts'
import { text as t } from './text.ts'

export * from './state.ts'

/** Ticks `code` on `group` (opening it), or says it was already. */
function tick(state: SlipState, group: string, code: string, late = false): SlipState {
  const loaded = loadedOf(state, group)
  const opened = { ...state, open: group, confirming: false, closeError: null }
  if (loaded.includes(code)) return { ...opened, notice: { tone: 'warning', text: t.again(code) } }
  const text = late ? t.tickedLate(code) : t.ticked(code)
  return {
    ...opened,
    loaded: { ...state.loaded, [group]: [...loaded, code] },
    notice: { tone: 'success', text },
  }
}

const refuse = (state: SlipState, text: string): SlipState => ({
  ...state,
  confirming: false,
  notice: { tone: 'error', text },
})

function routed(state: SlipState, code: string, answer: RoutingAnswer): SlipState {
  const { station, lane } = answer.destination
  const slip = answer.carrierSlipGroup
  if (answer.exception || slip === null) return refuse(state, t.refused(code, answer.reason, station, lane))
  // Scanned before the open slips were listed: routing's group is the parcel's slip, opened.
  const unlisted = state.groups === null
  const target = state.open ?? (unlisted || groupOf(state, slip.code) ? slip.code : null)
  if (slip.code === target) return tick(state, target, code, !unlisted)
  return refuse(state, t.otherGroup(code, slip.name, station, lane))
}

/**
 * A new list: a ticked parcel that has left its slip (closed elsewhere, label voided) is dropped;
 * one the list never showed (labelled since, found by routing) stays until it does.
 */
function listed(state: SlipState, groups: CarrierSlipGroup[]): SlipState {
  const loaded: Record<string, string[]> = {}
  for (const [code, codes] of Object.entries(state.loaded)) {
    const before = groupOf(state, code)
    const after = groups.find((g) => g.group.code === code)
    const kept = codes.filter((c) => (after && onSlip(after, c)) || !(before && onSlip(before, c)))
    if (kept.length > 0) loaded[code] = kept
  }
  const listedGroup = (code: string | null) => groups.some((g) => g.group.code === code)
  const open = listedGroup(state.open) ? state.open : null
  // A close left unanswered (a reload) of a group no longer listed could never be retried nor shown.
  const closing = state.closing?.failed && !listedGroup(state.closing.group) ? null : state.closing
  return { ...state, groups, loaded, open, closing }
}

function closeChosen(state: SlipState, mode: CloseMode, key: string): SlipState {
  const group = groupOf(state, state.open)
  if (group === null || state.closing !== null) return state
  const loaded = loadedOf(state, state.open)
  const all = [...new Set([...group.parcels.map((p) => p.trackingNumber), ...loaded])]
  const trackingNumbers = mode === 'loaded' ? loaded : all
  if (trackingNumbers.length === 0) return state
  const closing = { group: group.group.code, slip: group.slip.number, key, trackingNumbers, failed: false }
  return { ...state, confirming: false, closeError: null, notice: null, closing }
}

function closed(state: SlipState, result: CarrierSlipClose): SlipState {
  const closing = state.closing
  const loaded = { ...state.loaded }
  if (closing) {
    const left = loadedOf(state, closing.group).filter((c) => !closing.trackingNumbers.includes(c))
    if (left.length > 0) loaded[closing.group] = left
    else delete loaded[closing.group]
  }
  return {
    ...state,
    loaded,
    open: null,
    closing: null,
    confirming: false,
    closed: { result, print: 'printing' },
  }
}

export function reduceSlips(state: SlipState, event: SlipEvent): SlipState {
  switch (event.type) {
    case 'listed':
      return listed(state, event.groups)
    case 'opened':
      return state.closing
        ? state
        : { ...state, open: event.group, confirming: false, notice: null, closeError: null }
    case 'back':
      return state.closing
        ? state
        : { ...state, open: null, confirming: false, notice: null, closeError: null }
    case 'scanned': {
      const group = localGroup(state, event.code)
      return group === null ? state : tick(state, group, event.code)
    }
    case 'routed':
      return routed(state, event.code, event.answer)
    case 'scanRefused':
      return refuse(state, event.message)
    case 'unticked': {
      if (state.open === null || state.closing) return state
      const loaded = loadedOf(state, state.open).filter((c) => c !== event.code)
      const notice: Notice = { tone: 'warning', text: t.unticked(event.code) }
      return { ...state, loaded: { ...state.loaded, [state.open]: loaded }, confirming: false, notice }
    }
    case 'closeAsked':
      return state.open === null || state.closing ? state : { ...state, confirming: true, closeError: null }
    case 'closeDismissed':
      // A close that had no answer is given up only by the worker: its key goes with it.
      return { ...state, confirming: false, closing: null }
    case 'closeChosen':
      return closeChosen(state, event.mode, event.key)
    case 'closeRetried':
      return state.closing ? { ...state, closing: { ...state.closing, failed: false } } : state
    case 'closeFailed':
      if (!state.closing) return state
      // Without an answer the key is kept for the retry; a refusal is the answer: the key goes.
      return event.retryable
        ? { ...state, closing: { ...state.closing, failed: true } }
        : { ...state, closing: null, closeError: event.message }
    case 'closed':
      return closed(state, event.result)
    case 'printing':
      return state.closed ? { ...state, closed: { ...state.closed, print: 'printing' } } : state
    case 'printed':
      return state.closed ? { ...state, closed: { ...state.closed, print: 'printed' } } : state
    case 'printFailed':
      return state.closed ? { ...state, closed: { ...state.closed, print: { error: event.message } } } : state
    case 'closedDismissed':
      return { ...state, closed: null }
    case 'restored': {
      const { open, loaded, closing } = event.saved
      // A close interrupted by the reload is not resent by itself: the worker retries it.
      return { ...state, open, loaded, closing: closing && { ...closing, failed: true } }
    }
  }
}

/** The field that takes the next scan: none while a close is under way. */
export const activeField = (state: SlipState): 'parcel' | null => (state.closing ? null : 'parcel')

/** The flow of the screen (useScanFlow's model). */
export const slipModel = { initial: initialSlips, reduce: reduceSlips, activeField }
