/**
 * What a scan does on the 'Expédition' screen, against the latest state (flow.state()): the model
 * says what it means (scanMeaning), this does it. A batch, an order or a tote is looked up (the
 * batch first for a name that says MONO, else the order; the other one on a 404); a mono product
 * is kept with a new Idempotency-Key and sent in the scan's turn (so the next scan sees its
 * label); a multi item or box is the model's alone; a label scanned back verifies its parcel; the
 * command barcode reprints. Unit-tested with fake dependencies (scan.test.ts).
 */
import { isToteCode, ORDER_STATUS_LABELS, type ShipmentOrder } from '@contract'
import { productCodesOf, type ScanResult, type ScanVerdict } from '@/features/scanning'
import { ApiError } from '@/lib/http'
import { errorText, failedText, type Flow, type ShipmentDeps } from './deps.ts'
import { reprintTarget } from './labels.ts'
import { scanMeaning } from './steps.ts'
import { productsOf } from './multi.ts'
import { sendMono } from './send.ts'
import { text as t } from './text.ts'

const tone = (flow: Flow): ScanVerdict => flow.state().notice?.tone ?? 'success'
const refuse = (flow: Flow, message: string): ScanVerdict => {
  flow.dispatch({ type: 'refused', message })
  return 'error'
}

export function shipmentScan(deps: ShipmentDeps) {
  return (scan: ScanResult, flow: Flow): ScanVerdict | Promise<ScanVerdict> => {
    const code = scan.text.trim()
    if (code === '') return 'error'
    const codes = productCodesOf(scan)
    const meaning = scanMeaning(flow.state(), code, codes.ok ? codes.codes : null, scan.kind !== 'text')
    switch (meaning.kind) {
      case 'reprint':
        return reprint(flow, deps)
      case 'label':
        flow.dispatch({ type: 'labelScanned', code })
        return tone(flow)
      case 'refused':
        return refuse(flow, meaning.message)
      case 'start':
        return open(flow, deps, code)
      case 'box':
        flow.dispatch({ type: 'boxChosen', box: meaning.box })
        return tone(flow)
    }
    if (!codes.ok) return refuse(flow, codes.message)
    if (meaning.kind === 'item') {
      flow.dispatch({ type: 'itemScanned', codes: codes.codes, shown: code })
      return tone(flow)
    }
    const key = deps.newKey()
    flow.dispatch({ type: 'monoScanned', key, code: codes.code, codes: codes.codes, shown: code })
    const pending = flow.state().mono?.pending.find((p) => p.key === key)
    if (!pending) return 'error'
    return pending.waiting ? 'warning' : sendMono(flow, deps, key)
  }
}

/** An order at the station: its units to put back if cancelled, else its parcels to fill. */
function openOrder(flow: Flow, order: ShipmentOrder): ScanVerdict {
  const name = order.order.name
  if (order.cancelled) {
    const places = order.cancelled.putBack.map((p) => ({
      product: p.product.name,
      location: p.location,
      quantity: p.quantity,
    }))
    flow.dispatch({ type: 'putBack', putBack: { order: name, message: order.cancelled.message, places } })
    return 'error'
  }
  if (productsOf(order).every((p) => p.room === 0)) return refuse(flow, t.nothingToPack(name))
  if (order.order.status !== 'picked' && order.order.status !== 'packed')
    return refuse(flow, t.notReady(name, ORDER_STATUS_LABELS[order.order.status]))
  flow.dispatch({ type: 'multiOpened', order })
  return 'success'
}

async function open(flow: Flow, deps: ShipmentDeps, code: string): Promise<ScanVerdict> {
  const tries = isToteCode(code) ? ['order'] : /MONO/i.test(code) ? ['batch', 'order'] : ['order', 'batch']
  let missing: ApiError | null = null
  for (const kind of tries) {
    try {
      if (kind === 'order') return openOrder(flow, await deps.order(code))
      flow.dispatch({ type: 'monoOpened', batch: await deps.batch(code) })
      return tone(flow)
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        missing = error
        continue
      }
      return refuse(flow, failedText(error, t.offlineStart))
    }
  }
  const mono = flow.state().mono
  if (mono) return refuse(flow, t.notInBatch(code, mono.batch.batch.name))
  return refuse(flow, tries.length === 1 && missing ? missing.message : t.unknownStart(code))
}

/** 'Réimprimer': the label waited for (else the last), read back for a fresh link, to the label printer. */
export async function reprint(flow: Flow, deps: ShipmentDeps): Promise<ScanVerdict> {
  const target = reprintTarget(flow.state())
  if (!target) return refuse(flow, t.nothingToReprint)
  // Offline, the link printed before is tried: the agent may still fetch it.
  const document = await deps.readLabel(target.order, target.trackingNumber).then(
    (label) => label.label,
    () => target.label,
  )
  try {
    await deps.print(document, 'label')
    flow.dispatch({ type: 'reprinted', order: target.order })
    return 'success'
  } catch (error) {
    return refuse(flow, t.printFailed(errorText(error)))
  }
}
