/**
 * What a scan does on the reception screen, against the latest state: the destination first
 * (a location, checked by the server unless it cannot be reached), then products (checked once:
 * a product already listed is not asked again); at the product step, a code that is no product but
 * a known location changes the destination (model.ts locationScanned). Against an expected
 * delivery, a product its notice names needs no look-up (the notice came from the server), and a
 * scan that goes over what was announced, or names a product it did not announce, is taken with a
 * warning (expected.ts scanNote). Unit-tested with fake look-ups (scan.test.ts).
 */
import type { LocationStock } from '@contract'
import {
  lookUp,
  lookUpLocation,
  matchesProduct,
  parseScan,
  productCodesOf,
  UNVERIFIED,
  type FlowHandle,
  type ScanResult,
  type ScanVerdict,
} from '@/features/scanning'
import type { ShopProduct } from '@/lib/queries/stock'
import { noticeProduct } from './expected.ts'
import { activeField, type Product, type ReceptionEvent, type ReceptionState } from './model.ts'

export interface ReceptionLookUps {
  location(name: string): Promise<LocationStock>
  product(code: string): Promise<ShopProduct>
}

type Flow = FlowHandle<ReceptionState, ReceptionEvent>

export function receptionScan(lookUps: ReceptionLookUps) {
  return async (scan: ScanResult, flow: Flow): Promise<ScanVerdict> =>
    activeField(flow.state()) === 'destination'
      ? destination(scan, flow, lookUps)
      : product(scan, flow, lookUps)
}

async function destination(scan: ScanResult, flow: Flow, lookUps: ReceptionLookUps): Promise<ScanVerdict> {
  const found = await lookUpLocation(scan, lookUps.location)
  if (found.status === 'refused') {
    flow.dispatch({ type: 'destinationRefused', message: found.message })
    return 'error'
  }
  flow.dispatch({
    type: 'destinationScanned',
    name: found.status === 'found' ? found.value.name : found.name,
  })
  return found.status === 'found' ? 'success' : 'warning'
}

async function product(scan: ScanResult, flow: Flow, lookUps: ReceptionLookUps): Promise<ScanVerdict> {
  const refused = (message: string) => {
    flow.dispatch({ type: 'productRefused', message })
    return 'error' as const
  }
  const codes = productCodesOf(scan)
  if (!codes.ok) return refused(codes.message)
  const known =
    flow.state().lines.find((l) => matchesProduct(codes.codes, l.code, l.sku, l.ean13)) ??
    noticeProduct(flow.state(), codes.codes)
  if (known) return taken(flow, known)
  const found = await lookUp(() => lookUps.product(codes.code))
  if (found.status === 'refused') {
    // Not a product: a known location is the next pallet's destination (as in Transfert).
    if (found.error.status === 404 && scan.kind === 'text') {
      const place = await lookUp(() => lookUps.location(scan.text.trim()))
      if (place.status === 'found') {
        flow.dispatch({ type: 'locationScanned', name: place.value.name })
        return flow.state().destination === place.value.name ? 'success' : 'warning'
      }
    }
    return refused(found.error.message)
  }
  if (found.status === 'unverified') {
    // Offline first: keep the line; the server checks the code when the write is sent.
    flow.dispatch({
      type: 'productScanned',
      product: { code: codes.code, name: codes.code, verified: false },
    })
    return 'warning'
  }
  const { sku, ean13, name } = found.value.product
  return taken(flow, { code: sku, sku, ean13, name, verified: true })
}

/** A product added: a warning when unchecked, or over or outside the delivery (the note says which). */
function taken(flow: Flow, product: Product): ScanVerdict {
  flow.dispatch({ type: 'productScanned', product })
  const { scanNote, productError } = flow.state()
  if (productError) return 'error'
  return product.verified && !scanNote ? 'success' : 'warning'
}

/**
 * A line's new location, typed or scanned into its field: checked like the destination (a product
 * code refused on the device, an unknown location by the server, taken unverified offline), so a
 * typo is refused here and not at 'Valider', or later from the outbox.
 */
export async function moveLine(
  text: string,
  id: string,
  flow: Flow,
  lookUps: ReceptionLookUps,
): Promise<void> {
  const found = await lookUpLocation(parseScan(text, 'manual'), lookUps.location)
  if (found.status === 'refused') flow.dispatch({ type: 'lineMoveRefused', id, message: found.message })
  else
    flow.dispatch({
      type: 'lineMoved',
      id,
      location: found.status === 'found' ? found.value.name : found.name,
    })
}

export const unverifiedNote = `Produit ${UNVERIFIED}`
