/**
 * A multi order at the packing station, pure: what each product may still take, the parcels filled
 * on the device (items, box, weight), the estimate and the checks of each parcel, and the body of
 * `POST …/shipment/order/multi`. A foreign product or a unit too many is refused here, at once,
 * so the server only ever sees what it will take.
 */
import type { ScannedParcel, ShipmentOrder } from '@contract'
import { emptyParcel, notice, type DeviceParcel, type MultiState, type ShipmentState } from './state.ts'
import { text as t } from './text.ts'

/** A product of the order (by SKU, over all its lines): unit weight, units still to put in parcels. */
export interface OrderProduct {
  sku: string
  ean13: string
  name: string
  weight: number
  /** Picked, less the units already in a labelled (or later) parcel, which stay as they are. */
  room: number
}

export function productsOf(order: ShipmentOrder): OrderProduct[] {
  const closed = new Map<number, number>()
  for (const parcel of order.parcels)
    if (parcel.status !== 'open')
      for (const line of parcel.lines)
        closed.set(line.orderLine, (closed.get(line.orderLine) ?? 0) + line.quantity)
  const bySku = new Map<string, OrderProduct>()
  for (const line of order.lines) {
    const room = Math.max(0, line.picked - (closed.get(line.orderLine) ?? 0))
    const known = bySku.get(line.product.sku)
    if (known) known.room += room
    else bySku.set(line.product.sku, { ...line.product, weight: line.weightGrams, room })
  }
  return [...bySku.values()]
}

export const findProduct = (order: ShipmentOrder, codes: ReadonlySet<string>) =>
  productsOf(order).find((p) => codes.has(p.sku.toUpperCase()) || codes.has(p.ean13.toUpperCase()))

export const scannedOf = (parcels: DeviceParcel[], sku: string) =>
  parcels.reduce((sum, p) => sum + p.items.filter((i) => i === sku).length, 0)

/** Units of the order not scanned into a parcel yet. */
export const unitsLeft = (multi: MultiState) =>
  productsOf(multi.order).reduce((sum, p) => sum + p.room, 0) -
  multi.parcels.reduce((sum, p) => sum + p.items.length, 0)

export const boxOf = (order: ShipmentOrder, code: string | null) =>
  code === null ? undefined : order.boxTypes.find((b) => b.code.toUpperCase() === code.toUpperCase())

/** Box tare + Σ units × product weight (the server's estimate); without a box, the units alone. */
export function estimateOf(order: ShipmentOrder, parcel: DeviceParcel): { grams: number; withBox: boolean } {
  const weights = new Map(productsOf(order).map((p) => [p.sku, p.weight]))
  const units = parcel.items.reduce((sum, sku) => sum + (weights.get(sku) ?? 0), 0)
  const box = boxOf(order, parcel.box)
  return { grams: units + (box?.tareGrams ?? 0), withBox: box !== undefined }
}

/** The most the parcel may weigh: the lighter of its box's maximum and the carrier's. */
export function maxGramsOf(order: ShipmentOrder, parcel: DeviceParcel): number | null {
  const box = boxOf(order, parcel.box)
  if (!box) return null
  return Math.min(box.maxWeightGrams, order.order.carrier?.maxParcelGrams ?? Number.POSITIVE_INFINITY)
}

/** A weighed parcel more than 10 % off its estimate: something is missing, extra, or misweighed. */
export const offEstimate = (weight: number, estimate: number) => Math.abs(weight - estimate) > 0.1 * estimate

/** Why the parcel cannot be closed yet, or null. */
export function parcelProblem(order: ShipmentOrder, parcel: DeviceParcel): string | null {
  if (parcel.items.length === 0) return t.emptyParcel
  if (!boxOf(order, parcel.box)) return t.noBox
  if (parcel.weight === null) return t.noWeight
  const max = maxGramsOf(order, parcel)
  if (max !== null && parcel.weight > max) return t.tooHeavy(max)
  const { grams } = estimateOf(order, parcel)
  if (offEstimate(parcel.weight, grams) && !parcel.weightChecked)
    return t.checkParcelDetail(parcel.weight, grams)
  return null
}

/** The body of `POST /rest/warehouse/shipment/order/multi`: the parcels with at least one unit. */
export function multiWrite(multi: MultiState): { order: string; parcels: ScannedParcel[] } {
  return {
    order: multi.order.order.name,
    parcels: multi.parcels
      .filter((p) => p.items.length > 0)
      .map((p) => ({
        boxType: boxOf(multi.order, p.box)?.code ?? p.box ?? '',
        ...(p.weight !== null && { weightGrams: p.weight }),
        items: p.items,
      })),
  }
}

/** The multi state changed by `change`, and its current parcel replaced by `current(parcel)`. */
function withCurrent(multi: MultiState, current: (parcel: DeviceParcel) => DeviceParcel): MultiState {
  const parcels = [...multi.parcels]
  parcels[parcels.length - 1] = current(parcels[parcels.length - 1] ?? emptyParcel())
  return { ...multi, parcels, problem: null }
}

const refuse = (state: ShipmentState, multi: MultiState, message: string): ShipmentState => ({
  ...notice(state, 'error', message),
  multi: { ...multi, problem: message, askWeight: message === t.noWeight },
})

export function itemScanned(state: ShipmentState, codes: ReadonlySet<string>, shown: string): ShipmentState {
  const multi = state.multi
  if (!multi || multi.sending) return state
  const product = findProduct(multi.order, codes)
  if (!product) return notice(state, 'error', t.notInOrder(shown, multi.order.order.name))
  if (scannedOf(multi.parcels, product.sku) >= product.room)
    return notice(state, 'error', t.tooMany(product.name, product.room))
  // A unit more changes the estimate: a weight confirmed before is to be confirmed again.
  const next = withCurrent(multi, (p) => ({ ...p, items: [...p.items, product.sku], weightChecked: false }))
  return { ...notice(state, 'success', t.itemAdded(product.name, multi.parcels.length)), multi: next }
}

export function boxChosen(state: ShipmentState, code: string): ShipmentState {
  const multi = state.multi
  const box = multi && boxOf(multi.order, code)
  if (!multi || !box || multi.sending) return state
  const next = withCurrent(multi, (p) => ({ ...p, box: box.code, weightChecked: false }))
  return { ...notice(state, 'success', t.boxChosen(box.name, multi.parcels.length)), multi: next }
}

export function weightTyped(state: ShipmentState, grams: number | null): ShipmentState {
  const multi = state.multi
  if (!multi || multi.sending) return state
  const next = withCurrent(multi, (p) => ({ ...p, weight: grams, weightChecked: false }))
  return { ...state, multi: { ...next, askWeight: false } }
}

export function weightConfirmed(state: ShipmentState): ShipmentState {
  const multi = state.multi
  if (!multi || multi.sending) return state
  return { ...state, multi: withCurrent(multi, (p) => ({ ...p, weightChecked: true })) }
}

/** 'Nouveau colis': the current parcel is complete, and units are left for another. */
export function parcelAdded(state: ShipmentState): ShipmentState {
  const multi = state.multi
  if (!multi || multi.sending) return state
  const current = multi.parcels[multi.parcels.length - 1] ?? emptyParcel()
  const problem = parcelProblem(multi.order, current)
  if (problem) return refuse(state, multi, problem)
  if (unitsLeft(multi) === 0) return refuse(state, multi, t.allPacked)
  return {
    ...state,
    notice: null,
    multi: { ...multi, parcels: [...multi.parcels, emptyParcel()], problem: null },
  }
}

/** 'Valider': every parcel complete and every unit in one; a trailing empty parcel is dropped. */
export function validated(state: ShipmentState, packKey: string, printKey: string): ShipmentState {
  const multi = state.multi
  if (!multi || multi.sending) return state
  const last = multi.parcels[multi.parcels.length - 1]
  const parcels =
    multi.parcels.length > 1 && last?.items.length === 0 ? multi.parcels.slice(0, -1) : multi.parcels
  const trimmed = { ...multi, parcels }
  for (const parcel of parcels) {
    const problem = parcelProblem(multi.order, parcel)
    if (problem) return refuse(state, trimmed, problem)
  }
  const left = unitsLeft(trimmed)
  if (left > 0) return refuse(state, trimmed, t.unitsLeft(left))
  const skip = multi.order.parcels.filter((p) => p.status !== 'open').map((p) => p.seq)
  const sending = { packKey, printKey, step: 'pack' as const, waiting: false, skip }
  return { ...state, notice: null, multi: { ...trimmed, sending, problem: null, askWeight: false } }
}
