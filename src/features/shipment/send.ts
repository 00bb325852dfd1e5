/**
 * The writes of the 'Expédition' screen, run in the flow's queue against the latest state: a mono
 * scan sent with its key, 'Valider' (pack, then print) with its two keys, a carrier refusal's
 * retry, and the flush that sends again whatever waited for the network. Each answer becomes an
 * event; each label printed goes at once to the station's label printer, the packing slip to the
 * A4 one. Unit-tested with fake dependencies (scan.test.ts).
 */
import type { MultiShipmentPrint } from '@contract'
import type { ScanVerdict } from '@/features/scanning'
import { errorText, failedText, outcomeOf, type Flow, type Outcome, type ShipmentDeps } from './deps.ts'
import { monoWrite } from './mono.ts'
import { multiWrite } from './multi.ts'
import { labelRef, type Failure, type LabelRef } from './state.ts'
import { text as t } from './text.ts'

/** A carrier's refusal as its card: no service chosen yet, nothing under way. */
const failureOf = (
  order: string,
  kind: Failure['kind'],
  { message, retryable }: Extract<Outcome, { kind: 'carrier' }>,
  services: Failure['services'],
  skip: number[],
): Failure => ({ order, kind, message, retryable, services, service: null, busy: false, skip })

/** Not awaited: the next scan does not wait for the paper. A failure is said, 'Réimprimer' is there. */
export function printLabel(flow: Flow, deps: ShipmentDeps, label: LabelRef): void {
  deps
    .print(label.label, 'label')
    .catch((error: unknown) =>
      flow.dispatch({ type: 'printFailed', message: t.printFailed(errorText(error)) }),
    )
}

/**
 * The open batch read again, its counts the server's (issue 31): a refused label, a retry and a
 * set-aside change them on the server without a mono answer to bring them. Awaited in the flow's
 * queue, so no later answer is overwritten by it; unanswered, the counts stay until the next one.
 */
export async function refreshBatch(flow: Flow, deps: ShipmentDeps): Promise<void> {
  const name = flow.state().mono?.batch.batch.name
  if (!name) return
  try {
    flow.dispatch({ type: 'monoRefreshed', batch: await deps.batch(name) })
  } catch {
    // Offline or refused: the panel keeps the counts it had, the next answer brings them.
  }
}

export async function sendMono(flow: Flow, deps: ShipmentDeps, key: string): Promise<ScanVerdict> {
  const mono = flow.state().mono
  const pending = mono?.pending.find((p) => p.key === key)
  if (!mono || !pending) return 'error'
  const write = monoWrite(mono, pending)
  try {
    await flow.saved()
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
      flow.dispatch({ type: 'labelFailed', key, failure: failureOf(order, 'mono', outcome, [], []) })
      // The services to offer are the order's: asked beside, the station does not wait for them.
      deps.order(order).then(
        (view) => flow.dispatch({ type: 'failureServices', order, services: view.services }),
        () => undefined,
      )
      await refreshBatch(flow, deps)
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
      const failure = failureOf(order, 'multi', outcome, start.order.services, skip)
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
    // One label and no packing slip (a mono unit has none): not multiPrinted's words.
    flow.dispatch({ type: 'labelsPrinted', order, labels: [label], message: t.labelPrinted(order) })
    printLabel(flow, deps, label)
  } catch (error) {
    const outcome = outcomeOf(error)
    const message = failedText(error, t.retryOffline)
    const retryable = outcome.kind === 'waiting' || (outcome.kind === 'carrier' && outcome.retryable)
    flow.dispatch({ type: 'failureRetryFailed', order, message, retryable })
  }
  await refreshBatch(flow, deps)
}

/** Sends again, in order, what waits (mono scans, a 'Valider'); stops at the first still unanswered. */
export async function flush(flow: Flow, deps: ShipmentDeps): Promise<void> {
  const { mono, multi } = flow.state()
  // Nothing to send: the batch as the server has it now (a reload, another station's scans).
  if (mono && mono.pending.length === 0) await refreshBatch(flow, deps)
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
