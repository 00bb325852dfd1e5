/**
 * The open parcels of an order being changed on the 'Colis' screen, before labelling: each one's
 * box, measured weight and units; pure functions over the order's view (OrderTracking), so the
 * figures the packer sees (estimate, maximum, units left out) are checked in unit tests.
 *
 * The PUT states every open parcel as a whole (contract shipping.ts), so the edit is a copy of all
 * of them: the i-th edited parcel rewrites the i-th open one, and labelled parcels stay as they are.
 */
import type { BodyOf, OrderTracking, orderPackaging } from '@contract'
import { text as t } from './text.ts'

export interface EditLine {
  orderLine: number
  quantity: number
}

export interface EditParcel {
  /** Stable across renders and reloads (the seq of the open parcel it started from, or 'N…'). */
  key: string
  /** The open parcel it started from; null: added here. */
  seq: number | null
  boxType: string
  weightGrams: number | null
  lines: EditLine[]
}

export type PackagingBody = BodyOf<typeof orderPackaging>

/** The open parcels of the view, as an edit starts from them. */
export function editOf(view: OrderTracking): EditParcel[] {
  return view.parcels
    .filter((p) => p.status === 'open')
    .map((p) => ({
      key: `P${p.seq}`,
      seq: p.seq,
      boxType: p.boxType.code,
      weightGrams: p.weightGrams,
      lines: p.lines.map((l) => ({ orderLine: l.orderLine, quantity: l.quantity })),
    }))
}

/** Units of each order line in the parcels that are not open (labelled, on a slip): the edit cannot touch them. */
function lockedUnits(view: OrderTracking): Map<number, number> {
  const units = new Map<number, number>()
  for (const parcel of view.parcels)
    if (parcel.status !== 'open')
      for (const line of parcel.lines)
        units.set(line.orderLine, (units.get(line.orderLine) ?? 0) + line.quantity)
  return units
}

/** Per order line, the picked units in no parcel (labelled ones and the edit counted). */
export function unpackedUnits(view: OrderTracking, edit: readonly EditParcel[] | null): Map<number, number> {
  const packed = lockedUnits(view)
  const parcels = edit ?? editOf(view)
  for (const parcel of parcels)
    for (const line of parcel.lines)
      packed.set(line.orderLine, (packed.get(line.orderLine) ?? 0) + line.quantity)
  return new Map(view.lines.map((l) => [l.orderLine, Math.max(0, l.picked - (packed.get(l.orderLine) ?? 0))]))
}

export const quantityIn = (parcel: EditParcel, orderLine: number) =>
  parcel.lines.find((l) => l.orderLine === orderLine)?.quantity ?? 0

/** Sets a line's units in one parcel (0 takes the line out). */
export function withUnits(parcel: EditParcel, orderLine: number, quantity: number): EditParcel {
  const others = parcel.lines.filter((l) => l.orderLine !== orderLine)
  const lines = quantity > 0 ? [...others, { orderLine, quantity }] : others
  // In the order's line order, as the server answers them.
  return { ...parcel, lines: lines.sort((a, b) => a.orderLine - b.orderLine) }
}

/** Box tare + Σ units × product weight (the server's own estimate, computed before the PUT). */
export function estimateOf(
  view: OrderTracking,
  parcel: Pick<EditParcel, 'boxType' | 'lines'>,
): number | null {
  const box = view.boxTypes.find((b) => b.code === parcel.boxType)
  if (!box) return null
  return parcel.lines.reduce(
    (sum, l) => sum + l.quantity * (view.lines.find((x) => x.orderLine === l.orderLine)?.weightGrams ?? 0),
    box.tareGrams,
  )
}

/** The most a parcel in this box may weigh: the lighter of the box's maximum and the carrier's. */
export function maxOf(view: OrderTracking, boxType: string): number | null {
  const box = view.boxTypes.find((b) => b.code === boxType)
  if (!box) return null
  return Math.min(box.maxWeightGrams, view.order.carrier?.maxParcelGrams ?? Number.POSITIVE_INFINITY)
}

/** The warning (never a refusal) when the scale and the estimate differ by more than 10 %. */
export function weightWarning(measured: number | null, estimated: number | null): string | null {
  if (measured === null || estimated === null || estimated <= 0) return null
  return Math.abs(measured - estimated) > estimated * 0.1 ? t.checkWeight(measured, estimated) : null
}

/** What the packer reads as a parcel's title. */
export const parcelTitle = (parcel: Pick<EditParcel, 'seq'>) =>
  parcel.seq === null ? t.newParcelTitle : t.parcelTitle(parcel.seq)

/** Why the edit cannot be saved as it is (said before the PUT), or null. */
export function editProblem(edit: readonly EditParcel[]): string | null {
  const empty = edit.find((p) => p.lines.length === 0)
  return empty ? t.emptyParcel(parcelTitle(empty)) : null
}

/** The PUT's body: every open parcel, in order. */
export function packagingBody(edit: readonly EditParcel[]): PackagingBody {
  return {
    parcels: edit.map((p) => ({
      boxType: p.boxType,
      ...(p.weightGrams !== null && { weightGrams: p.weightGrams }),
      lines: p.lines.map(({ orderLine, quantity }) => ({ orderLine, quantity })),
    })),
  }
}

/** The box a new parcel gets: the last parcel's, else the lightest the carrier accepts. */
export function defaultBox(view: OrderTracking, edit: readonly EditParcel[]): string {
  return edit.at(-1)?.boxType ?? view.parcels.at(-1)?.boxType.code ?? view.boxTypes[0]?.code ?? ''
}
