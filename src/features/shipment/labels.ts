/**
 * What comes after a label, pure: scan-to-verify (a printed label is scanned back before its
 * parcel is done, which catches a swapped label and a printer that printed nothing), the label to
 * reprint, and the recovery of a carrier's refusal (retry, another service, or the order set aside
 * in exception), none of which blocks the next scan.
 */
import { notice, normalise, type Failure, type LabelRef, type ShipmentState } from './state.ts'
import { text as t } from './text.ts'

/** Labels printed for `order`: the last one to reprint, each to scan back when the station verifies. */
export function labelsPrinted(state: ShipmentState, order: string, labels: LabelRef[]): ShipmentState {
  const toVerify = state.verify
    ? [...state.toVerify.filter((l) => !labels.some((x) => x.trackingNumber === l.trackingNumber)), ...labels]
    : state.toVerify
  return {
    ...state,
    toVerify,
    lastLabel: labels[labels.length - 1] ?? state.lastLabel,
    failures: state.failures.filter((f) => f.order !== order),
  }
}

/** The label the next scan should read: the oldest not scanned back. */
export const expectedLabel = (state: ShipmentState): LabelRef | null =>
  state.verify ? (state.toVerify[0] ?? null) : null

/** 'Réimprimer' (or its command barcode): the label waited for, else the last one printed. */
export const reprintTarget = (state: ShipmentState): LabelRef | null =>
  expectedLabel(state) ?? state.lastLabel

export const isAwaitedLabel = (state: ShipmentState, code: string) =>
  state.verify && state.toVerify.some((l) => l.trackingNumber.toUpperCase() === normalise(code))

export function labelScanned(state: ShipmentState, code: string): ShipmentState {
  const label = state.toVerify.find((l) => l.trackingNumber.toUpperCase() === normalise(code))
  if (!label) return notice(state, 'error', t.wrongLabel)
  const toVerify = state.toVerify.filter((l) => l !== label)
  return notice({ ...state, toVerify }, 'success', t.verified(label.order, label.n, label.count))
}

/** Scan-to-verify switched on this station; off, the labels waiting are taken as done. */
export const verifySet = (state: ShipmentState, on: boolean): ShipmentState => ({
  ...state,
  verify: on,
  toVerify: on ? state.toVerify : [],
})

const changeFailure = (
  state: ShipmentState,
  order: string,
  change: (f: Failure) => Failure,
): ShipmentState => ({
  ...state,
  failures: state.failures.map((f) => (f.order === order ? change(f) : f)),
})

/** A carrier refused the label: one card per order (a second refusal replaces the first). */
export function labelFailed(state: ShipmentState, failure: Failure): ShipmentState {
  const failures = [...state.failures.filter((f) => f.order !== failure.order), failure]
  return notice({ ...state, failures }, 'error', failure.message)
}

export const failureServices = (state: ShipmentState, order: string, services: Failure['services']) =>
  changeFailure(state, order, (f) => ({ ...f, services }))

export const failureService = (state: ShipmentState, order: string, service: string) =>
  changeFailure(state, order, (f) => ({ ...f, service }))

export const failureBusy = (state: ShipmentState, order: string) =>
  changeFailure(state, order, (f) => ({ ...f, busy: true }))

export const failureRetryFailed = (
  state: ShipmentState,
  order: string,
  message: string,
  retryable: boolean,
) => changeFailure(state, order, (f) => ({ ...f, busy: false, message, retryable }))

/**
 * 'Mettre de côté', once the server has the order in exception (set-aside.ts): its card leaves the
 * station's work. The order and its reason are the server's now ('Colis' shows and resolves them):
 * a copy kept here would only go stale once someone takes the order up again.
 */
export function setAside(state: ShipmentState, order: string): ShipmentState {
  if (!state.failures.some((f) => f.order === order)) return state
  const failures = state.failures.filter((f) => f.order !== order)
  return notice({ ...state, failures }, 'warning', t.setAsideDone(order))
}

/** The server did not set the order aside: its card stays, as it was, to try again. */
export const setAsideFailed = (state: ShipmentState, order: string, message: string) =>
  notice(
    changeFailure(state, order, (f) => ({ ...f, busy: false })),
    'error',
    t.setAsideFailed(order, message),
  )
