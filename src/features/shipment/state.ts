/**
 * The state of the 'Expédition' screen (model.ts reduces it) and the small helpers every rule uses.
 *
 * One screen, two ways in: a mono batch (every product scan ships one unit: its order bound,
 * packed and labelled by the server) or a multi order (its units scanned into parcels on the
 * device, then packed and labelled at 'Valider'). Around both: the labels printed and not yet
 * scanned back (scan-to-verify), the carrier refusals to recover, and a cancelled order's units
 * to put back. Everything but the notice is kept in the draft. An order set aside is the server's
 * (in exception, taken up again in 'Colis'): the station keeps nothing of it.
 */
import type { MonoBatch, MonoShipment, ParcelLabel, PrintDocument, ShipmentOrder } from '@contract'

export type CarrierService = ShipmentOrder['services'][number]

export type Tone = 'success' | 'warning' | 'error'
export interface Notice {
  tone: Tone
  text: string
}

/** A printed label as the screen keeps it: to scan back, to reprint. */
export interface LabelRef {
  order: string
  /** The parcel's seq within its order, and its rank 'n / count'. */
  parcel: number
  n: number
  count: number
  trackingNumber: string
  carrier: string
  service: string
  label: PrintDocument
}

/** A mono product scan sent (or to send) with its Idempotency-Key, made on the device. */
export interface PendingScan {
  key: string
  /** The code as sent (the product's SKU or EAN-13). */
  code: string
  sku: string
  product: string
  /** Sent without an answer (network down, server failing): sent again, same key, when it is back. */
  waiting: boolean
}

export interface MonoState {
  batch: MonoBatch
  /** Oldest first: sent one after the other, in scan order. */
  pending: PendingScan[]
  last: MonoShipment | null
}

/** A parcel being filled at the station (multi). */
export interface DeviceParcel {
  box: string | null
  /** One SKU per unit scanned into it (the order line's product). */
  items: string[]
  weight: number | null
  /** The packer confirmed a weight outside ±10 % of the estimate. */
  weightChecked: boolean
}

/** 'Valider' under way: the pack then the print, each with its key (kept for a retry). */
export interface MultiSend {
  packKey: string
  printKey: string
  step: 'pack' | 'print'
  waiting: boolean
  /** Parcels labelled before this visit (at 'Valider'): their labels are not printed again. */
  skip: number[]
}

export interface MultiState {
  order: ShipmentOrder
  /** The last one is the parcel being filled. */
  parcels: DeviceParcel[]
  sending: MultiSend | null
  /** Why 'Nouveau colis' or 'Valider' cannot go on (shown with the parcel). */
  problem: string | null
  /** The weight field takes the focus (a parcel was refused for want of it). */
  askWeight: boolean
}

/** A carrier's refusal of a label, to retry, change service, or set aside; never blocking. */
export interface Failure {
  order: string
  /** mono: GET tracking-number/add; multi: the print again (labels + packing slip). */
  kind: 'mono' | 'multi'
  message: string
  retryable: boolean
  services: CarrierService[]
  service: string | null
  busy: boolean
  /** Parcels labelled before this visit: their labels are not printed again. */
  skip: number[]
}

/** Units of a cancelled order to put back, shown big. */
export interface PutBackNotice {
  order: string
  message: string
  places: { product: string | null; location: string | null; quantity: number | null }[]
}

export interface ShipmentState {
  mode: 'start' | 'mono' | 'multi'
  mono: MonoState | null
  multi: MultiState | null
  /** Scan-to-verify on this station (settings.ts). */
  verify: boolean
  /** Labels printed and not yet scanned back, oldest first. */
  toVerify: LabelRef[]
  lastLabel: LabelRef | null
  failures: Failure[]
  putBack: PutBackNotice | null
  notice: Notice | null
}

export const initialShipment: ShipmentState = {
  mode: 'start',
  mono: null,
  multi: null,
  verify: true,
  toVerify: [],
  lastLabel: null,
  failures: [],
  putBack: null,
  notice: null,
}

/** Codes compared as the server reads them. */
export const normalise = (code: string) => code.trim().toUpperCase()

export const labelRef = (label: ParcelLabel): LabelRef => ({
  order: label.order.name,
  parcel: label.parcel.seq,
  n: label.parcel.number,
  count: label.parcel.count,
  trackingNumber: label.trackingNumber,
  carrier: label.carrier.name,
  service: label.service.name,
  label: label.label,
})

export const emptyParcel = (): DeviceParcel => ({ box: null, items: [], weight: null, weightChecked: false })

export const notice = (state: ShipmentState, tone: Tone, text: string): ShipmentState => ({
  ...state,
  notice: { tone, text },
})
