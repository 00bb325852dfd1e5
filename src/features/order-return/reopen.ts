/**
 * A refused return reopened from the outbox (`?reopen=<id>`), put back as lines to correct (part
 * of the pure model): each line of the body found again in the order as it is now, or kept as sent.
 */
import type { Parcel, ReturnBody, ReturnLine } from './state.ts'
import { text as t } from './text.ts'

/** The code scanned on a parcel parked without order, as its note keeps it (rules.ts returnWrite). */
export function parkedCodeOf(note: string | undefined): string | null {
  const prefix = t.parkedNote('')
  return note?.startsWith(prefix) ? note.slice(prefix.length) || null : null
}

const upper = (s: string) => s.trim().toUpperCase()

export function restoredLines(
  sent: ReturnBody['lines'],
  parcel: Parcel | null,
  nextId: number,
): { lines: ReturnLine[]; nextId: number } {
  let id = nextId
  const lines = sent.map((l): ReturnLine => {
    const product =
      parcel?.kind === 'order'
        ? parcel.order.lines.find((o) => [o.product.sku, o.product.ean13].map(upper).includes(upper(l.code)))
            ?.product
        : undefined
    const inOrder =
      parcel?.kind === 'order' ? product !== undefined : parcel?.kind === 'parked' ? false : null
    return {
      id: `L${id++}`,
      code: product?.sku ?? l.code,
      ...(product && { sku: product.sku, ean13: product.ean13 }),
      name: product?.name ?? l.code,
      inOrder,
      quantity: l.quantity,
      condition: l.condition,
      disposition: l.disposition,
      location: l.location ?? null,
      locationVerified: false,
      rebutReason: l.rebutReason ?? null,
    }
  })
  return { lines, nextId: id }
}
