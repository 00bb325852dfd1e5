/**
 * 'Expédition' as a pure model (the scan-flow pattern, docs/scan-screen.md): named events and the
 * reducer. The state is in state.ts; the rules of each part in mono.ts, multi.ts and labels.ts
 * (with the write each step produces: monoWrite, multiWrite); the selectors (the active field,
 * what a scan means at this step) in steps.ts. Unit-tested in model.test.ts, without React.
 */
import type { MonoBatch, MonoShipment, OrderPackaging, ShipmentOrder } from '@contract'
import * as L from './labels.ts'
import { monoAnswered, monoRefreshed, monoResent, monoScanned, monoShipped, monoWaiting } from './mono.ts'
import * as M from './multi.ts'
import {
  emptyParcel,
  notice,
  type Failure,
  type LabelRef,
  type PutBackNotice,
  type ShipmentState,
} from './state.ts'
import { text as t } from './text.ts'

/** What the draft keeps: everything but the notice (the verify switch is the station's setting). */
export type SavedShipment = Omit<ShipmentState, 'notice' | 'verify'>

export type ShipmentEvent =
  | { type: 'restored'; saved: SavedShipment }
  | { type: 'verifySet'; on: boolean }
  | { type: 'refused'; message: string }
  | { type: 'monoOpened'; batch: MonoBatch }
  | { type: 'multiOpened'; order: ShipmentOrder }
  | { type: 'putBack'; putBack: PutBackNotice; key?: string }
  | { type: 'putBackDismissed' }
  | { type: 'left' }
  | { type: 'monoScanned'; key: string; code: string; codes: ReadonlySet<string>; shown: string }
  | { type: 'monoShipped'; key: string; shipment: MonoShipment; label: LabelRef }
  | { type: 'monoWaiting'; key: string }
  | { type: 'monoRefused'; key: string; message: string }
  | { type: 'monoResent' }
  | { type: 'monoRefreshed'; batch: MonoBatch }
  | { type: 'itemScanned'; codes: ReadonlySet<string>; shown: string }
  | { type: 'boxChosen'; box: string }
  | { type: 'weightTyped'; grams: number | null }
  | { type: 'weightConfirmed' }
  | { type: 'parcelAdded' }
  | { type: 'validated'; packKey: string; printKey: string }
  | { type: 'multiPacked'; view: OrderPackaging }
  | { type: 'multiWaiting' }
  | { type: 'multiResent' }
  | { type: 'multiRefused'; message: string }
  | { type: 'labelsPrinted'; order: string; labels: LabelRef[]; message: string }
  | { type: 'labelFailed'; failure: Failure; key?: string }
  | { type: 'labelScanned'; code: string }
  | { type: 'printFailed'; message: string }
  | { type: 'reprinted'; order: string }
  | { type: 'failureServices'; order: string; services: Failure['services'] }
  | { type: 'failureService'; order: string; service: string }
  | { type: 'failureBusy'; order: string }
  | { type: 'failureRetryFailed'; order: string; message: string; retryable: boolean }
  | { type: 'setAside'; order: string }
  | { type: 'setAsideFailed'; order: string; message: string }

/** Work that must be finished before another batch or order: unsent scans, labels to scan back. */
export const busy = (s: ShipmentState) =>
  (s.mono?.pending.length ?? 0) > 0 || s.multi?.sending != null || (s.verify && s.toVerify.length > 0)

const opened = (state: ShipmentState, change: Partial<ShipmentState>): ShipmentState => ({
  ...state,
  mono: null,
  multi: null,
  putBack: null,
  notice: null,
  ...change,
})

function multiOpened(state: ShipmentState, order: ShipmentOrder): ShipmentState {
  const multi = { order, parcels: [emptyParcel()], sending: null, problem: null, askWeight: false }
  return opened(state, { mode: 'multi', multi })
}

function monoOpened(state: ShipmentState, batch: MonoBatch): ShipmentState {
  const next = opened(state, { mode: 'mono', mono: { batch, pending: [], last: null } })
  return batch.unitsLeft === 0 ? notice(next, 'warning', t.batchDone(batch.batch.name)) : next
}

const withMulti = (
  state: ShipmentState,
  change: (m: NonNullable<ShipmentState['multi']>) => ShipmentState['multi'],
) => (state.multi ? { ...state, multi: change(state.multi) } : state)

const setSending = (state: ShipmentState, change: { step?: 'print'; waiting: boolean }) =>
  withMulti(state, (m) => (m.sending ? { ...m, sending: { ...m.sending, ...change } } : m))

export function reduceShipment(state: ShipmentState, event: ShipmentEvent): ShipmentState {
  switch (event.type) {
    case 'restored':
      return { ...state, ...event.saved, failures: event.saved.failures.map((f) => ({ ...f, busy: false })) }
    case 'verifySet':
      return L.verifySet(state, event.on)
    case 'refused':
      return notice(state, 'error', event.message)
    case 'monoOpened':
      return monoOpened(state, event.batch)
    case 'multiOpened':
      return multiOpened(state, event.order)
    case 'putBack': {
      const next = event.key ? monoAnswered(state, event.key) : state
      return notice({ ...next, putBack: event.putBack }, 'error', event.putBack.message)
    }
    case 'putBackDismissed':
      return { ...state, putBack: null }
    case 'left':
      return busy(state) ? notice(state, 'error', t.finishFirst) : opened(state, { mode: 'start' })
    case 'monoScanned':
      return monoScanned(state, event)
    case 'monoShipped': {
      const shipped = monoShipped(state, event.key, event.shipment)
      return L.labelsPrinted(shipped, event.shipment.order.name, [event.label])
    }
    case 'monoWaiting':
      return monoWaiting(state, event.key)
    case 'monoRefused':
      return notice(monoAnswered(state, event.key), 'error', event.message)
    case 'monoResent':
      return monoResent(state)
    case 'monoRefreshed':
      return monoRefreshed(state, event.batch)
    case 'itemScanned':
      return M.itemScanned(state, event.codes, event.shown)
    case 'boxChosen':
      return M.boxChosen(state, event.box)
    case 'weightTyped':
      return M.weightTyped(state, event.grams)
    case 'weightConfirmed':
      return M.weightConfirmed(state)
    case 'parcelAdded':
      return M.parcelAdded(state)
    case 'validated':
      return M.validated(state, event.packKey, event.printKey)
    case 'multiPacked':
      return setSending(
        withMulti(state, (m) => ({ ...m, order: { ...m.order, ...event.view } })),
        { step: 'print', waiting: false },
      )
    case 'multiWaiting':
      return notice(setSending(state, { waiting: true }), 'warning', t.multiWaiting)
    case 'multiResent':
      return setSending(state, { waiting: false })
    case 'multiRefused':
      return notice(
        withMulti(state, (m) => ({ ...m, sending: null, problem: event.message })),
        'error',
        event.message,
      )
    case 'labelsPrinted': {
      const done = state.multi?.order.order.name === event.order ? opened(state, { mode: 'start' }) : state
      return notice(L.labelsPrinted(done, event.order, event.labels), 'success', event.message)
    }
    case 'labelFailed': {
      const answered = event.key ? monoAnswered(state, event.key) : state
      // The order stays packed, its card on the side: the station goes on with the next one.
      const next =
        state.multi?.order.order.name === event.failure.order ? opened(answered, { mode: 'start' }) : answered
      return L.labelFailed(next, event.failure)
    }
    case 'labelScanned':
      return L.labelScanned(state, event.code)
    case 'printFailed':
      return notice(state, 'error', event.message)
    case 'reprinted':
      return notice(state, 'success', t.reprinted(event.order))
    case 'failureServices':
      return L.failureServices(state, event.order, event.services)
    case 'failureService':
      return L.failureService(state, event.order, event.service)
    case 'failureBusy':
      return L.failureBusy(state, event.order)
    case 'failureRetryFailed':
      return L.failureRetryFailed(state, event.order, event.message, event.retryable)
    case 'setAside':
      return L.setAside(state, event.order)
    case 'setAsideFailed':
      return L.setAsideFailed(state, event.order, event.message)
  }
}
