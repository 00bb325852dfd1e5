/**
 * An order's packing state as the contract answers it (orderPackagingSchema): the packaging PUT's
 * answer, which the shipment screen's order look-up and the 'Colis' screen's view extend. Only the
 * boxes the order's carrier accepts are offered; each parcel says its limit, the lower of its box's
 * and its carrier's.
 */
import type { OrderPackaging } from '../../contract/index.ts'
import { isComplete, type PackBox, type PackLine, type PackState, packedByLine } from './packaging-state.ts'

export function packagingView(state: PackState): OrderPackaging {
  const { order, lines, boxes, parcels } = state
  const packed = packedByLine(parcels)
  const product = (id: number) => {
    const line = lines.find((l) => l.id === id) as PackLine
    return { sku: line.sku, ean13: line.ean13, name: line.name }
  }
  const carrierMax = order.carrier?.maxParcelGrams ?? Number.POSITIVE_INFINITY
  return {
    order: {
      name: order.name,
      shop: order.shop,
      status: order.status,
      carrier: order.carrier && {
        code: order.carrier.code,
        name: order.carrier.name,
        maxParcelGrams: order.carrier.maxParcelGrams,
      },
    },
    boxTypes: boxes
      .filter((b) => b.accepted)
      .map(({ code, name, innerMm, tareGrams, maxWeightGrams }) => ({
        code,
        name,
        innerMm,
        tareGrams,
        maxWeightGrams,
      })),
    lines: lines.map((l) => ({
      orderLine: l.id,
      product: { sku: l.sku, ean13: l.ean13, name: l.name },
      weightGrams: l.weightGrams,
      defaultBoxType: l.defaultBoxType,
      quantity: l.quantity,
      picked: l.picked,
      packed: packed.get(l.id) ?? 0,
    })),
    parcels: parcels.map((p) => {
      const box = boxes.find((b) => b.id === p.boxTypeId) as PackBox
      return {
        seq: p.seq,
        status: p.status,
        boxType: { code: box.code, name: box.name },
        estimatedGrams: p.estimatedGrams,
        weightGrams: p.weightGrams,
        maxGrams: Math.min(box.maxWeightGrams, carrierMax),
        lines: p.lines.map((l) => ({
          orderLine: l.orderLine,
          product: product(l.orderLine),
          quantity: l.quantity,
        })),
      }
    }),
    complete: isComplete(lines, packed),
  }
}
