/**
 * Units scanned into parcels, laid onto an order's lines: the packaging PUT names order lines and
 * quantities, the packer scans one code (EAN-13, SKU, a GS1 string) per unit. A product on two
 * lines (a customised unit and a plain one) fills them in line order. Refused, naming the product:
 * a code that is no product of the order, and more units of a product than were picked and are
 * not already in a labelled parcel (those are kept as they are, and not scanned again).
 */
import { sql, type Transaction } from 'kysely'
import { ERROR_CODES, type ParcelInput, type ScannedParcel } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { readScannedCode } from '../picking/pick-codes.ts'
import { refusal } from '../kernel/errors.ts'
import { productLabel } from './packaging-messages.ts'
import { type PackLine, type PackState, packedByLine } from './packaging-state.ts'
import { SHIPMENT_MESSAGES as M } from './shipment-messages.ts'

export async function parcelsOfItems(
  trx: Transaction<Database>,
  state: PackState,
  parcels: readonly ScannedParcel[],
): Promise<ParcelInput[]> {
  const { order, lines } = state
  // What each line may still take: its picked units not in a labelled (or later) parcel.
  const closed = packedByLine(state.parcels.filter((p) => p.status !== 'open'))
  const room = new Map(lines.map((l) => [l.id, l.picked - (closed.get(l.id) ?? 0)]))

  // Every code read once: the lines of its product, by SKU (one product may hold several lines).
  const linesOf = new Map<string, PackLine[]>()
  for (const parcel of parcels)
    for (const code of parcel.items) {
      if (linesOf.has(code)) continue
      const keys = new Set(readScannedCode(code).productKeys)
      const matching = lines.filter((l) => keys.has(l.sku) || keys.has(l.ean13))
      if (matching.length === 0)
        throw refusal(
          409,
          ERROR_CODES.wrongProduct,
          M.notInOrder(await scannedProductName(trx, order.shop, code), order.name),
        )
      linesOf.set(code, matching)
    }

  // The whole order first, so the refusal counts every parcel's units of the product.
  const scanned = new Map<string, number>()
  for (const parcel of parcels)
    for (const code of parcel.items) {
      const sku = (linesOf.get(code) as PackLine[])[0]?.sku as string
      scanned.set(sku, (scanned.get(sku) ?? 0) + 1)
    }
  for (const [sku, count] of scanned) {
    const own = lines.filter((l) => l.sku === sku)
    const available = own.reduce((sum, l) => sum + Math.max(0, room.get(l.id) ?? 0), 0)
    if (count > available)
      throw refusal(409, ERROR_CODES.tooMany, M.tooMany(productLabel(own[0] as PackLine), count, available))
  }

  return parcels.map((parcel) => {
    const quantities = new Map<number, number>()
    for (const code of parcel.items) {
      const line = (linesOf.get(code) as PackLine[]).find((l) => (room.get(l.id) ?? 0) > 0) as PackLine
      room.set(line.id, (room.get(line.id) as number) - 1)
      quantities.set(line.id, (quantities.get(line.id) ?? 0) + 1)
    }
    return {
      boxType: parcel.boxType,
      ...(parcel.weightGrams !== undefined && { weightGrams: parcel.weightGrams }),
      lines: [...quantities].map(([orderLine, quantity]) => ({ orderLine, quantity })),
    }
  })
}

/** A product of the shop as a packer reads it, or the code as scanned when it is none. */
export async function scannedProductName(db: Db, shop: string, code: string): Promise<string> {
  const keys = readScannedCode(code).productKeys
  const { rows } = await sql<{ sku: string; name: string }>`
    select p.sku, p.name from products p join shops s on s.id = p.shop_id
     where s.slug = ${shop} and (p.sku = any(${keys}::text[]) or p.ean13 = any(${keys}::text[]))
     limit 1
  `.execute(db)
  return rows[0] ? productLabel(rows[0]) : code.trim()
}
