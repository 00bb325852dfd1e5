/**
 * What a scan does on the transfer screen, against the latest state (flow.state()):
 * - source step: a location, its content looked up (taken unverified when the server cannot be reached);
 * - product step: a product of the source adds 1 (no look-up: the content says what may move); once
 *   something is chosen, anything else that is a known location becomes the destination (OCA
 *   Shopfloor's "scan product or destination");
 * - destination step: a location, always looked up: an unknown one is refused, the source too;
 *   offline it is taken unverified.
 * Unit-tested with a fake look-up (scan.test.ts).
 */
import type { LocationStock } from '@contract'
import { loadReopened } from '@/features/outbox'
import {
  flowText,
  lookUp,
  lookUpLocation,
  matchesProduct,
  notALocation,
  productCodesOf,
  type FlowHandle,
  type LookUp,
  type ScanResult,
  type ScanVerdict,
} from '@/features/scanning'
import {
  activeField,
  destinationProblem,
  hasGoods,
  productOf,
  type Destination,
  type StockLine,
  type TransferEvent,
  type TransferState,
} from './model.ts'
import { text as t } from './text.ts'

export interface TransferLookUps {
  location(name: string): Promise<LocationStock>
}

type Flow = FlowHandle<TransferState, TransferEvent>

export function transferScan(lookUps: TransferLookUps) {
  return (scan: ScanResult, flow: Flow): ScanVerdict | Promise<ScanVerdict> => {
    switch (activeField(flow.state())) {
      case 'source':
        return source(scan, flow, lookUps)
      case 'destination':
        return destination(scan, flow, lookUps)
      case 'product':
        return productOrDestination(scan, flow, lookUps)
    }
  }
}

/** The refusal of a location look-up, in French. */
const refusalText = (found: Extract<LookUp<unknown>, { status: 'refused' }>, name: string) =>
  found.error.status === 404 ? flowText.unknownLocation(name) : found.error.message

async function source(scan: ScanResult, flow: Flow, lookUps: TransferLookUps): Promise<ScanVerdict> {
  const found = await lookUpLocation(scan, lookUps.location)
  if (found.status === 'refused') {
    flow.dispatch({ type: 'sourceRefused', message: found.message })
    return 'error'
  }
  if (found.status === 'unverified') {
    flow.dispatch({ type: 'sourceScanned', name: found.name, stock: null })
    return 'warning'
  }
  flow.dispatch({ type: 'sourceScanned', name: found.value.name, stock: found.value.stock })
  // An empty location is refused by the model.
  return flow.state().source ? 'success' : 'error'
}

/** Puts the destination, or says why not (the model refuses the source itself). */
function setDestination(flow: Flow, destination: Destination): ScanVerdict {
  flow.dispatch({ type: 'destinationScanned', destination })
  if (flow.state().destination?.name !== destination.name) return 'error'
  return destination.verified ? 'success' : 'warning'
}

async function destination(scan: ScanResult, flow: Flow, lookUps: TransferLookUps): Promise<ScanVerdict> {
  const refused = (message: string) => {
    flow.dispatch({ type: 'destinationRefused', message })
    return 'error' as const
  }
  const wrongCode = notALocation(scan)
  if (wrongCode) return refused(wrongCode)
  const name = scan.text.trim()
  const problem = destinationProblem(flow.state(), name)
  if (problem) return refused(problem)
  const found = await lookUp(() => lookUps.location(name))
  if (found.status === 'refused') return refused(refusalText(found, name))
  return setDestination(
    flow,
    found.status === 'found' ? { name: found.value.name, verified: true } : { name, verified: false },
  )
}

function addProduct(flow: Flow, held: StockLine | null, code: string): ScanVerdict {
  // No content known (offline): the code as scanned (the GTIN of a GS1 scan); the server checks it.
  flow.dispatch({ type: 'productScanned', product: held ? productOf(held) : { code, name: code, max: null } })
  if (flow.state().productError) return 'error'
  return held ? 'success' : 'warning'
}

async function productOrDestination(
  scan: ScanResult,
  flow: Flow,
  lookUps: TransferLookUps,
): Promise<ScanVerdict> {
  const refused = (message: string) => {
    flow.dispatch({ type: 'productRefused', message })
    return 'error' as const
  }
  const state = flow.state()
  const from = state.source
  if (!from) return 'error'
  const codes = productCodesOf(scan)
  if (!codes.ok) return refused(codes.message)
  // A product already listed, or held by the source: one more, at once.
  const listed = state.lines.find((l) => matchesProduct(codes.codes, l.code, l.sku, l.ean13))
  if (listed) {
    flow.dispatch({ type: 'productScanned', product: listed })
    if (flow.state().productError) return 'error'
    return listed.max === null ? 'warning' : 'success'
  }
  const held = from.stock?.find((s) => matchesProduct(codes.codes, s.sku, s.ean13))
  if (held) return addProduct(flow, held, codes.code)
  const name = scan.text.trim()
  // A barcode is never a location; nor is anything before a product is chosen.
  if (scan.kind !== 'text' || !hasGoods(state)) {
    return from.stock === null ? addProduct(flow, null, codes.code) : refused(t.notInSource(name, from.name))
  }
  const problem = destinationProblem(state, name)
  if (problem) return refused(problem)
  const found = await lookUp(() => lookUps.location(name))
  if (found.status === 'found') return setDestination(flow, { name: found.value.name, verified: true })
  if (from.stock === null) {
    // The source's content is unknown: what is not a known location is a product (a SKU), checked
    // by the server; offline nothing tells them apart, and the button asks for the destination.
    return addProduct(flow, null, codes.code)
  }
  if (found.status === 'unverified') return setDestination(flow, { name, verified: false })
  return refused(
    found.error.status === 404 ? t.neitherProductNorLocation(name, from.name) : found.error.message,
  )
}

/**
 * `?reopen=<id>`: a refused transfer from the outbox, put back to be corrected, with the source's
 * content (what it holds now limits the correction) and the destination looked up again.
 */
export function transferReopen(id: number, lookUps: TransferLookUps) {
  return async (): Promise<TransferEvent | null> => {
    const found = await loadReopened('transfer', id)
    if (!found) return null
    const { body } = found.write
    const [from, to] = await Promise.all([
      lookUp(() => lookUps.location(body.from)),
      lookUp(() => lookUps.location(body.to)),
    ])
    const destination: Destination | null =
      to.status === 'found'
        ? { name: to.value.name, verified: true }
        : to.status === 'unverified'
          ? { name: body.to, verified: false }
          : null
    return {
      type: 'reopened',
      body,
      refusal: found.refusal,
      outboxId: found.outboxId,
      stock: from.status === 'found' ? from.value.stock : null,
      destination,
      ...(to.status === 'refused' && { destinationError: refusalText(to, body.to) }),
    }
  }
}
