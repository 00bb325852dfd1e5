/**
 * What a scan does on the 'Retour' screen, against the latest state:
 * - the parcel first: its order by number, else by tracking number (the one order the search
 *   finds by that number); taken as scanned, unverified, when the server cannot be reached or the
 *   user may not read orders (the server resolves it at validation);
 * - then the items: a product of the order (never more than it may bring back), or anything else
 *   as 'hors commande';
 * - a restock asks its location: a location scan places it, a product barcode is the next item.
 * Unit-tested with fake look-ups (scan.test.ts).
 */
import { ORDER_SEARCH_MIN, type OrderDetail, type OrderSummary } from '@contract'
import { loadReopened } from '@/features/outbox'
import {
  lookUp,
  lookUpLocation,
  matchesProduct,
  notALocation,
  productCodesOf,
  type FlowHandle,
  type ScanResult,
  type ScanVerdict,
} from '@/features/scanning'
import { activeField, orderFound, previewOf, type ReturnEvent, type ReturnState } from './model.ts'
import { parkedCodeOf } from './reopen.ts'
import type { OrderPreview, Parcel, Unverified } from './state.ts'
import { text as t } from './text.ts'

export interface ReturnLookUps {
  /** The user may read orders (role Print): without it, no preview. */
  preview: boolean
  detail(order: string): Promise<OrderDetail>
  /** The orders a text names, each with what matched. */
  search(q: string): Promise<OrderSummary[]>
  location(name: string): Promise<{ name: string }>
}

type Flow = FlowHandle<ReturnState, ReturnEvent>

export type OrderFound =
  | { status: 'found'; order: OrderPreview }
  | { status: 'unverified'; why: Unverified }
  | { status: 'not-found' }
  | { status: 'refused'; message: string }

/** The order a parcel's code names: by its number, else as the tracking number of exactly one order. */
export async function findOrder(code: string, lookUps: ReturnLookUps): Promise<OrderFound> {
  if (!lookUps.preview) return { status: 'unverified', why: 'no-preview' }
  const detail = async (name: string): Promise<OrderFound | null> => {
    const found = await lookUp(() => lookUps.detail(name))
    if (found.status === 'found') return { status: 'found', order: previewOf(found.value) }
    if (found.status === 'unverified') return { status: 'unverified', why: 'offline' }
    if (found.error.status === 403) return { status: 'unverified', why: 'no-preview' }
    return found.error.status === 404 ? null : { status: 'refused', message: found.error.message }
  }
  const byName = await detail(code)
  if (byName) return byName
  if (code.length < ORDER_SEARCH_MIN) return { status: 'not-found' }
  const search = await lookUp(() => lookUps.search(code))
  if (search.status === 'unverified') return { status: 'unverified', why: 'offline' }
  if (search.status === 'refused')
    return search.error.status === 403
      ? { status: 'unverified', why: 'no-preview' }
      : { status: 'refused', message: search.error.message }
  const names = [...new Set(search.value.filter((r) => r.match.by === 'tracking').map((r) => r.name))]
  if (names.length === 0) return { status: 'not-found' }
  if (names.length > 1) return { status: 'refused', message: t.manyFound(code) }
  return (await detail(names[0]!)) ?? { status: 'not-found' }
}

export function returnScan(lookUps: ReturnLookUps) {
  return (scan: ScanResult, flow: Flow): ScanVerdict | Promise<ScanVerdict> => {
    const field = activeField(flow.state())
    if (field === 'parcel') return parcel(scan, flow, lookUps)
    if (field === 'location') return location(scan, flow, lookUps)
    return item(scan, flow)
  }
}

async function parcel(scan: ScanResult, flow: Flow, lookUps: ReturnLookUps): Promise<ScanVerdict> {
  const code = scan.text.trim()
  if (code === '') return 'error'
  const found = await findOrder(code, lookUps)
  switch (found.status) {
    case 'found': {
      const event = orderFound(code, found.order)
      flow.dispatch(event)
      return event.type === 'parcelFound' ? 'success' : 'error'
    }
    case 'unverified':
      flow.dispatch({ type: 'parcelUnverified', code, why: found.why })
      return 'warning'
    case 'not-found':
      flow.dispatch({ type: 'parcelNotFound', code })
      return 'error'
    case 'refused':
      flow.dispatch({ type: 'parcelRefused', message: found.message })
      return 'error'
  }
}

/** No look-up: the order's lines say what it is, so the answer is at once. */
function item(scan: ScanResult, flow: Flow): ScanVerdict {
  const codes = productCodesOf(scan)
  if (!codes.ok) {
    flow.dispatch({ type: 'itemRefused', message: codes.message })
    return 'error'
  }
  const { parcel: current } = flow.state()
  if (current === null) return 'error'
  const line =
    current.kind === 'order'
      ? current.order.lines.find((l) => matchesProduct(codes.codes, l.product.sku, l.product.ean13))
      : undefined
  if (line) {
    const { sku, ean13, name } = line.product
    flow.dispatch({ type: 'itemScanned', item: { code: sku, sku, ean13, name, inOrder: true } })
  } else {
    // Not in the order (or no order to check against): kept as scanned, the GTIN of a GS1 scan.
    const inOrder = current.kind === 'unverified' ? null : false
    flow.dispatch({ type: 'itemScanned', item: { code: codes.code, name: codes.code, inOrder } })
  }
  if (flow.state().itemError) return 'error'
  // An item that makes the return wait, or one nobody checked, is said with the warning tone.
  return line || current.kind === 'parked' ? 'success' : 'warning'
}

async function location(scan: ScanResult, flow: Flow, lookUps: ReturnLookUps): Promise<ScanVerdict> {
  // A product's barcode is the next item, not a location: the line waits for its location.
  if (notALocation(scan) && productCodesOf(scan).ok) {
    flow.dispatch({ type: 'locationSkipped' })
    return item(scan, flow)
  }
  const found = await lookUpLocation(scan, lookUps.location)
  if (found.status === 'refused') {
    flow.dispatch({ type: 'locationRefused', message: found.message })
    return 'error'
  }
  const verified = found.status === 'found'
  flow.dispatch({ type: 'locationScanned', name: verified ? found.value.name : found.name, verified })
  return verified ? 'success' : 'warning'
}

/** The parcel of a reopened write: its order looked up again, else taken as it was sent. */
async function parcelOf(
  order: string | null,
  note: string | undefined,
  lookUps: ReturnLookUps,
): Promise<Parcel> {
  if (order === null) return { kind: 'parked', code: parkedCodeOf(note) }
  const found = await findOrder(order, lookUps)
  if (found.status === 'found') return { kind: 'order', code: order, order: found.order }
  return { kind: 'unverified', code: order, why: found.status === 'unverified' ? found.why : 'unchecked' }
}

/** `?reopen=<id>`: a refused return from the outbox, put back to be corrected, its order looked up again. */
export function returnReopen(id: number, lookUps: ReturnLookUps) {
  return async (): Promise<ReturnEvent | null> => {
    const found = await loadReopened('return', id)
    if (!found) return null
    const { body } = found.write
    const parcel = await parcelOf(body.order, body.note, lookUps)
    return { type: 'reopened', body, parcel, refusal: found.refusal, outboxId: found.outboxId }
  }
}
