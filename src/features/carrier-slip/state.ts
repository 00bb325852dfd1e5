/**
 * The state of the 'Bordereau transport' flow, its events, and the queries the reducer, the scan
 * handler and the screen share (model.ts reduces; load.ts reads it for the screen).
 */
import type { CarrierSlipClose, CarrierSlipGroup, RoutingAnswer } from '@contract'
import type { FlowNoticeValue } from '@/features/scanning'

/** What the last scan or tap did, as every scan-first screen shows it (FlowNotice). */
export type Notice = FlowNoticeValue
/** Close with the parcels scanned, or with every parcel the slip shows. */
export type CloseMode = 'loaded' | 'all'

export interface PendingClose {
  group: string
  /** The slip's number, for the progress text. */
  slip: string
  key: string
  trackingNumbers: string[]
  /** The last attempt had no answer (network, server down, reload): a retry sends the same key and body. */
  failed: boolean
}

export interface Closed {
  result: CarrierSlipClose
  /** The manifest on its way to the A4 printer, printed, or why not. */
  print: 'printing' | 'printed' | { error: string }
}

export interface SlipState {
  /** The open slips as the list last gave them (null until it has). */
  groups: CarrierSlipGroup[] | null
  /** The group opened, by its code. */
  open: string | null
  /** Per group code, the tracking numbers scanned at the dock, in scan order. */
  loaded: Record<string, string[]>
  /** 'Clôturer' tapped: the screen asks with which parcels. */
  confirming: boolean
  closing: PendingClose | null
  /** The server's refusal of the last close, in French. */
  closeError: string | null
  /** The last close of this visit. */
  closed: Closed | null
  notice: Notice | null
}

/** What the draft keeps (draft.ts). */
export type SavedSlips = Pick<SlipState, 'open' | 'loaded' | 'closing'>

export type SlipEvent =
  | { type: 'listed'; groups: CarrierSlipGroup[] }
  | { type: 'opened'; group: string }
  | { type: 'back' }
  /** A parcel the list places (localGroup): ticked without a server call. */
  | { type: 'scanned'; code: string }
  /** Any other parcel, with the routing's answer. */
  | { type: 'routed'; code: string; answer: RoutingAnswer }
  | { type: 'scanRefused'; message: string }
  | { type: 'unticked'; code: string }
  | { type: 'closeAsked' }
  | { type: 'closeDismissed' }
  | { type: 'closeChosen'; mode: CloseMode; key: string }
  | { type: 'closeRetried' }
  | { type: 'closeFailed'; message: string; retryable: boolean }
  | { type: 'closed'; result: CarrierSlipClose }
  | { type: 'printing' }
  | { type: 'printed' }
  | { type: 'printFailed'; message: string }
  | { type: 'closedDismissed' }
  | { type: 'restored'; saved: SavedSlips }

export const initialSlips: SlipState = {
  groups: null,
  open: null,
  loaded: {},
  confirming: false,
  closing: null,
  closeError: null,
  closed: null,
  notice: null,
}

/** Scanned codes are compared as the server reads them (trimmed, upper case). */
export const normalise = (code: string) => code.trim().toUpperCase()

export const groupOf = (state: SlipState, code: string | null) =>
  state.groups?.find((g) => g.group.code === code) ?? null
export const onSlip = (group: CarrierSlipGroup, code: string) =>
  group.parcels.some((p) => p.trackingNumber === code)
export const loadedOf = (state: SlipState, code: string | null): string[] =>
  code === null ? [] : (state.loaded[code] ?? [])

/**
 * The group a scanned parcel can be ticked on from the list alone: the opened slip's own parcel
 * (or one already ticked), or, with no slip open, the slip whose list shows it. Null: ask routing.
 */
export function localGroup(state: SlipState, code: string): string | null {
  if (state.open !== null) {
    const group = groupOf(state, state.open)
    const known = (group !== null && onSlip(group, code)) || loadedOf(state, state.open).includes(code)
    return known ? state.open : null
  }
  return state.groups?.find((g) => onSlip(g, code))?.group.code ?? null
}
