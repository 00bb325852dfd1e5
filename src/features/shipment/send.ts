/**
 * The writes of the 'Expédition' screen, run in the flow's queue against the latest state: a mono
 * scan sent with its key, 'Valider' (pack, then print) with its two keys, a carrier refusal's
 * retry, and the flush that sends again whatever waited for the network. Each answer becomes an
 * event; each label printed goes at once to the station's label printer, the packing slip to the
 * A4 one. Unit-tested with fake dependencies (send.test.ts).
 */
import {
  ERROR_CODES,
  type MonoBatch,
  type MonoShipment,
  type MultiShipmentPrint,
  type OrderPackaging,
  type ParcelLabel,
  type PrinterUse,
  type PrintDocument,
  type ScannedParcel,
  type ShipmentOrder,
} from '@contract'
import type { FlowHandle, ScanVerdict } from '@/features/scanning'
import { ApiError } from '@/lib/http'
import { messages } from '@/lib/messages'
import type { ShipmentEvent } from './model.ts'
import { monoWrite } from './mono.ts'
import { multiWrite } from './multi.ts'
import { labelRef, type LabelRef, type ShipmentState } from './state.ts'
import { text as t } from './text.ts'

export type Flow = FlowHandle<ShipmentState, ShipmentEvent>

export interface ShipmentDeps {
  batch(name: string): Promise<MonoBatch>
  order(name: string): Promise<ShipmentOrder>
  shipMono(body: { pickingName: string; product: string }, key: string): Promise<MonoShipment>
  pack(body: { order: string; parcels: ScannedParcel[] }, key: string): Promise<OrderPackaging>
  printOrder(order: string, service: string | null, key: string): Promise<MultiShipmentPrint>
  addLabel(order: string, service: string | null): Promise<ParcelLabel>
  readLabel(order: string, trackingNumber: string): Promise<ParcelLabel>
  /** The order set aside in exception (set-aside.ts). */
  setAside(order: string, reason: string): Promise<unknown>
  newKey(): string
  /** To this station's printer for that use; rejects with a French message. */
  print(document: PrintDocument, use: PrinterUse): Promise<void>
}

/** What a failed write means for the screen. */
export type Outcome =
  | { kind: 'waiting' }
  | { kind: 'carrier'; message: string; retryable: boolean; order: string | undefined }
  | { kind: 'putBack'; message: string; order: string | undefined; location: string | null }
  | { kind: 'refused'; message: string }

export function outcomeOf(error: unknown): Outcome {
  if (!(error instanceof ApiError)) return { kind: 'refused', message: messages.errors.unexpectedAnswer }
  const { message, detail } = error
  // Before the status: a carrier's refusal is a 502, which would otherwise read as 'try later'.
  if (error.code === ERROR_CODES.carrierRefused)
    return { kind: 'carrier', message, retryable: detail.retryable ?? false, order: detail.order }
  if (error.code === ERROR_CODES.orderCancelled)
    return { kind: 'putBack', message, order: detail.order, location: detail.putBack ?? null }
  return error.isRetryable ? { kind: 'waiting' } : { kind: 'refused', message }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Not awaited: the next scan does not wait for the paper. A failure is said, 'Réimprimer' is there. */
export function printLabel(flow: Flow, deps: ShipmentDeps, label: LabelRef): void {
  deps
    .print(label.label, 'label')
    .catch((error: unknown) =>
      flow.dispatch({ type: 'printFailed', message: t.printFailed(errorText(error)) }),
    )
}

export async function sendMono(flow: Flow, deps: ShipmentDeps, key: string): Promise<ScanVerdict> {
  const mono = flow.state().mono
  const pending = mono?.pending.find((p) => p.key === key)
  if (!mono || !pending) return 'error'
  const write = monoWrite(mono, pending)
  try {
    const shipment = await deps.shipMono(write.body, write.key)
    const label = labelRef(shipment.label)
    flow.dispatch({ type: 'monoShipped', key, shipment, label })
    printLabel(flow, deps, label)
    return 'success'
  } catch (error) {
    const outcome = outcomeOf(error)
    if (outcome.kind === 'waiting') {
      flow.dispatch({ type: 'monoWaiting', key })
      return 'warning'
    }
    if (outcome.kind === 'carrier' && outcome.order) {
      const order = outcome.order
      const { message, retryable } = outcome
      const failure = {
        order,
        kind: 'mono' as const,
        message,
        retryable,
        services: [],
        service: null,
        busy: false,
        skip: [],
      }
      flow.dispatch({ type: 'labelFailed', key, failure })
      // The services to offer are the order's: asked beside, the station does not wait for them.
      deps.order(order).then(
        (view) => flow.dispatch({ type: 'failureServices', order, services: view.services }),
        () => undefined,
      )
    } else if (outcome.kind === 'putBack') {
      const places = [{ product: pending.product, location: outcome.location, quantity: 1 }]
      flow.dispatch({
        type: 'putBack',
        key,
        putBack: { order: outcome.order ?? '', message: outcome.message, places },
      })
    } else flow.dispatch({ type: 'monoRefused', key, message: outcome.message })
    return 'error'
  }
}

/** The answer of a print: every label not printed before goes to the label printer, the slip to A4. */
function printed(flow: Flow, deps: ShipmentDeps, order: string, answer: MultiShipmentPrint, skip: number[]) {
  const labels = answer.labels.filter((l) => !skip.includes(l.parcel.seq)).map(labelRef)
  flow.dispatch({ type: 'labelsPrinted', order, labels, message: t.multiPrinted(order, labels.length) })
  for (const label of labels) printLabel(flow, deps, label)
  deps
    .print(answer.packingSlip, 'a4')
    .catch((error: unknown) =>
      flow.dispatch({ type: 'printFailed', message: t.slipFailed(errorText(error)) }),
    )
}

/** 'Valider' as the model holds it: pack (its key), then print (its key); the step done is kept. */
export async function sendMulti(flow: Flow, deps: ShipmentDeps): Promise<void> {
  const start = flow.state().multi
  if (!start?.sending) return
  const order = start.order.order.name
  const { skip } = start.sending
  try {
    if (start.sending.step === 'pack') {
      flow.dispatch({ type: 'multiPacked', view: await deps.pack(multiWrite(start), start.sending.packKey) })
    }
    printed(flow, deps, order, await deps.printOrder(order, null, start.sending.printKey), skip)
  } catch (error) {
    const outcome = outcomeOf(error)
    if (outcome.kind === 'waiting') return flow.dispatch({ type: 'multiWaiting' })
    if (outcome.kind === 'carrier') {
      const { message, retryable } = outcome
      const { services } = start.order
      const failure = {
        order,
        kind: 'multi' as const,
        message,
        retryable,
        services,
        service: null,
        busy: false,
        skip,
      }
      return flow.dispatch({ type: 'labelFailed', failure })
    }
    if (outcome.kind === 'putBack') {
      const places = [{ product: null, location: outcome.location, quantity: null }]
      flow.dispatch({ type: 'putBack', putBack: { order, message: outcome.message, places } })
    }
    flow.dispatch({ type: 'multiRefused', message: outcome.message })
  }
}

/** 'Réessayer' on a refused label, with the service chosen (the order's default when none). */
export async function retryFailure(flow: Flow, deps: ShipmentDeps, order: string): Promise<void> {
  const failure = flow.state().failures.find((f) => f.order === order)
  if (!failure || failure.busy) return
  flow.dispatch({ type: 'failureBusy', order })
  try {
    if (failure.kind === 'multi') {
      // A new key: the refusal was this print's answer, and a key replays its answer.
      return printed(
        flow,
        deps,
        order,
        await deps.printOrder(order, failure.service, deps.newKey()),
        failure.skip,
      )
    }
    const label = labelRef(await deps.addLabel(order, failure.service))
    flow.dispatch({ type: 'labelsPrinted', order, labels: [label], message: t.multiPrinted(order, 1) })
    printLabel(flow, deps, label)
  } catch (error) {
    const outcome = outcomeOf(error)
    const message = outcome.kind === 'waiting' ? t.retryOffline : outcome.message
    const retryable = outcome.kind === 'waiting' || (outcome.kind === 'carrier' && outcome.retryable)
    flow.dispatch({ type: 'failureRetryFailed', order, message, retryable })
  }
}

/** Sends again, in order, what waits (mono scans, a 'Valider'); stops at the first still unanswered. */
export async function flush(flow: Flow, deps: ShipmentDeps): Promise<void> {
  const { mono, multi } = flow.state()
  if (mono && mono.pending.length > 0) {
    flow.dispatch({ type: 'monoResent' })
    for (const { key } of mono.pending) {
      await sendMono(flow, deps, key)
      if (flow.state().mono?.pending.some((p) => p.key === key)) break
    }
  }
  if (multi?.sending) {
    flow.dispatch({ type: 'multiResent' })
    await sendMulti(flow, deps)
  }
}
