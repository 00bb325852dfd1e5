/**
 * The packaging a PUT asks for, checked against the order (pure: unit-tested without a database).
 * The body's parcels are the order's open ones, in order: the i-th takes the seq of the i-th open
 * parcel, the others new seqs after every seq the order used. Each is checked in turn — its box
 * known and accepted by the carrier, its lines on the order, its weight (the measured one when
 * weighed, which is the truth, else the estimate) within the box's and the carrier's maxima —
 * then the whole: no order line packed beyond what was picked, labelled parcels counted.
 */
import { ERROR_CODES, type ParcelInput } from '../../contract/index.ts'
import { refusal, stockInvalid, stockNotFound } from '../kernel/errors.ts'
import { PACKAGING_MESSAGES as M, productLabel } from './packaging-messages.ts'
import {
  type PackBox,
  type PackLine,
  type PackParcel,
  type PackState,
  packedByLine,
} from './packaging-state.ts'

export interface PlannedParcel {
  seq: number
  /** The open parcel it rewrites, or null for a new one. */
  id: number | null
  boxTypeId: number
  weightGrams: number | null
  estimatedGrams: number
  /** By order line id, one entry per line (the same line named twice is summed). */
  lines: { orderLine: number; quantity: number }[]
}

const field = (i: number, rest: string) => `parcels.${i}.${rest}`

export function planPackaging(state: PackState, parcels: readonly ParcelInput[]): PlannedParcel[] {
  const open = state.parcels.filter((p) => p.status === 'open')
  let next = state.lastSeq
  const planned = parcels.map((input, i) => {
    const reused = open[i]
    return planParcel(
      state,
      input,
      i,
      reused ? { seq: reused.seq, id: reused.id } : { seq: ++next, id: null },
    )
  })
  checkPicked(state, [...state.parcels.filter((p) => p.status !== 'open'), ...planned])
  return planned
}

function planParcel(
  state: PackState,
  input: ParcelInput,
  i: number,
  at: { seq: number; id: number | null },
): PlannedParcel {
  const { order } = state
  const box = state.boxes.find((b) => b.code === input.boxType)
  if (!box) throw stockNotFound(M.unknownBox(input.boxType), field(i, 'boxType'))
  if (!box.accepted && order.carrier)
    throw refusal(409, ERROR_CODES.boxRefused, M.boxRefused(box, order.carrier.name), field(i, 'boxType'))

  const quantities = new Map<number, number>()
  input.lines.forEach((line, l) => {
    const orderLine = resolveLine(state, line, `${field(i, 'lines')}.${l}`)
    quantities.set(orderLine.id, (quantities.get(orderLine.id) ?? 0) + line.quantity)
  })
  const lines = [...quantities].map(([orderLine, quantity]) => ({ orderLine, quantity }))
  const estimatedGrams = estimate(box, state.lines, lines)
  const weightGrams = input.weightGrams ?? null
  checkWeight(state, box, at.seq, estimatedGrams, weightGrams, i)
  return { ...at, boxTypeId: box.id, weightGrams, estimatedGrams, lines }
}

/** Box tare + Σ quantity × product weight. */
export function estimate(
  box: Pick<PackBox, 'tareGrams'>,
  orderLines: readonly Pick<PackLine, 'id' | 'weightGrams'>[],
  lines: readonly { orderLine: number; quantity: number }[],
): number {
  return lines.reduce(
    (sum, line) => sum + line.quantity * (orderLines.find((l) => l.id === line.orderLine)?.weightGrams ?? 0),
    box.tareGrams,
  )
}

function resolveLine(state: PackState, line: ParcelInput['lines'][number], at: string): PackLine {
  const order = state.order.name
  if (line.orderLine !== undefined) {
    const found = state.lines.find((l) => l.id === line.orderLine)
    if (!found) throw stockNotFound(M.unknownLine(line.orderLine, order), `${at}.orderLine`)
    return found
  }
  const code = line.product as string
  const matches = state.lines.filter((l) => l.sku.toUpperCase() === code.toUpperCase() || l.ean13 === code)
  if (matches.length === 0) throw stockNotFound(M.productNotInOrder(code, order), `${at}.product`)
  if (matches.length > 1) throw stockInvalid(M.ambiguousProduct(code), `${at}.product`)
  return matches[0] as PackLine
}

function checkWeight(
  state: PackState,
  box: PackBox,
  seq: number,
  estimatedGrams: number,
  weightGrams: number | null,
  i: number,
): void {
  if (weightGrams !== null && weightGrams < box.tareGrams)
    throw stockInvalid(M.belowTare(seq, weightGrams, box), field(i, 'weightGrams'))
  // The scale is the truth once the parcel is weighed: a catalogue weight a little off must not
  // refuse a parcel the scale accepts (nor let through one it does not).
  const measured = weightGrams !== null
  const grams = weightGrams ?? estimatedGrams
  const at = measured ? field(i, 'weightGrams') : field(i, 'boxType')
  if (grams > box.maxWeightGrams)
    throw refusal(409, ERROR_CODES.tooHeavy, M.overBox(seq, grams, measured, box), at)
  const carrier = state.order.carrier
  if (carrier && grams > carrier.maxParcelGrams)
    throw refusal(409, ERROR_CODES.tooHeavy, M.overCarrier(seq, grams, measured, carrier), at)
}

function checkPicked(state: PackState, parcels: readonly Pick<PackParcel, 'lines'>[]): void {
  const packed = packedByLine(parcels)
  for (const line of state.lines) {
    const units = packed.get(line.id) ?? 0
    if (units > line.picked)
      throw refusal(409, ERROR_CODES.tooMany, M.overPicked(productLabel(line), units, line.picked))
  }
}
