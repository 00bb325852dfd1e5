/**
 * A mono batch at the packing station, pure: a product scan is checked against the batch as the
 * server last told it (a product not in it, or with no unit left, is refused on the device; a unit
 * left over by a cancelled order shows where it goes back), then kept as a pending scan with its
 * Idempotency-Key until the server answers. A pending scan is never dropped without an answer:
 * offline it waits, and is sent again with the same key, so it can never make a second parcel.
 */
import type { MonoBatch, MonoShipment } from '@contract'
import { notice, type MonoState, type PendingScan, type PutBackNotice, type ShipmentState } from './state.ts'
import { text as t } from './text.ts'

export const monoProductOf = (batch: MonoBatch, codes: ReadonlySet<string>) =>
  batch.products.find(
    (p) => codes.has(p.product.sku.toUpperCase()) || codes.has(p.product.ean13.toUpperCase()),
  )

export const pendingFor = (mono: MonoState, sku: string) => mono.pending.filter((p) => p.sku === sku).length

/** The body and key of the pending scan's `POST …/shipment/order/mono`. */
export const monoWrite = (mono: MonoState, pending: PendingScan) => ({
  body: { pickingName: mono.batch.batch.name, product: pending.code },
  key: pending.key,
})

/** Where the batch's units of this product picked for cancelled orders go back. */
function putBackOf(batch: MonoBatch, sku: string): PutBackNotice | null {
  const entries = batch.putBack.filter((p) => p.product.sku === sku)
  const first = entries[0]
  if (!first) return null
  return {
    order: first.order,
    message: t.allShipped(first.product.name, batch.batch.name),
    places: entries.map((p) => ({ product: p.product.name, location: p.location, quantity: p.quantity })),
  }
}

export function monoScanned(
  state: ShipmentState,
  scan: { key: string; code: string; codes: ReadonlySet<string>; shown: string },
): ShipmentState {
  const mono = state.mono
  if (!mono) return state
  const { batch } = mono
  const product = monoProductOf(batch, scan.codes)
  if (!product) return notice(state, 'error', t.notInBatch(scan.shown, batch.batch.name))
  const { sku, name } = product.product
  if (product.left - pendingFor(mono, sku) <= 0) {
    const putBack = product.cancelled > 0 ? putBackOf(batch, sku) : null
    if (putBack) return { ...notice(state, 'error', t.allShipped(name, batch.batch.name)), putBack }
    // Not shipped: set aside, its order in exception (a label refused, issue 31): 'Colis' takes it up.
    if (product.setAside > 0) return notice(state, 'error', t.setAsideUnit(name, batch.batch.name))
    return notice(state, 'error', t.allShipped(name, batch.batch.name))
  }
  // Behind a scan that waits for the network, this one waits too: they go in scan order.
  const waiting = mono.pending.some((p) => p.waiting)
  const pending: PendingScan = { key: scan.key, code: scan.code, sku, product: name, waiting }
  const next = { ...state, putBack: null, mono: { ...mono, pending: [...mono.pending, pending] } }
  return waiting ? notice(next, 'warning', t.keptOffline(name)) : { ...next, notice: null }
}

const withoutPending = (mono: MonoState, key: string): MonoState => ({
  ...mono,
  pending: mono.pending.filter((p) => p.key !== key),
})

export function monoShipped(state: ShipmentState, key: string, shipment: MonoShipment): ShipmentState {
  const mono = state.mono
  if (!mono) return state
  const product = mono.pending.find((p) => p.key === key)?.product ?? ''
  const next = { ...withoutPending(mono, key), batch: shipment.batch, last: shipment }
  return notice({ ...state, mono: next }, 'success', t.shipped(product, shipment.order.name))
}

/**
 * The batch read again from the server (after a carrier's refusal, a retry, a set-aside, or on
 * opening the screen): its counts are the server's, never a tally kept here (issue 31). The scans
 * still pending are not in it, and are shown beside it as before.
 */
export function monoRefreshed(state: ShipmentState, batch: MonoBatch): ShipmentState {
  const mono = state.mono
  if (!mono || mono.batch.batch.name !== batch.batch.name) return state
  return { ...state, mono: { ...mono, batch } }
}

/** What the panel says of the batch: per product, and the units set aside, all from the server's counts. */
export function monoCounts(mono: MonoState) {
  const { batch } = mono
  const products = batch.products.map((p) => ({
    product: p.product,
    pending: pendingFor(mono, p.product.sku),
    done: p.left === 0,
    text: t.productLeft(p.left, p.picked, p.setAside),
  }))
  const setAside = batch.products.reduce((sum, p) => sum + p.setAside, 0)
  return {
    left: t.left(batch.unitsLeft, batch.ordersLeft),
    setAside: setAside > 0 ? t.batchSetAside(setAside) : null,
    products,
  }
}

/** No answer: this scan and every one after it wait for the network. */
export function monoWaiting(state: ShipmentState, key: string): ShipmentState {
  const mono = state.mono
  const at = mono?.pending.findIndex((p) => p.key === key) ?? -1
  if (!mono || at < 0) return state
  const pending = mono.pending.map((p, i) => (i >= at ? { ...p, waiting: true } : p))
  return notice({ ...state, mono: { ...mono, pending } }, 'warning', t.waiting(pending.length - at))
}

/** The server's answer about the scan (refused, or its label refused): it is no longer pending. */
export function monoAnswered(state: ShipmentState, key: string): ShipmentState {
  return state.mono ? { ...state, mono: withoutPending(state.mono, key) } : state
}

/** Scans waiting for the network are sent again (the flush): they are in flight, not waiting. */
export function monoResent(state: ShipmentState): ShipmentState {
  const mono = state.mono
  if (!mono || !mono.pending.some((p) => p.waiting)) return state
  return { ...state, mono: { ...mono, pending: mono.pending.map((p) => ({ ...p, waiting: false })) } }
}
