/**
 * Units that come back, spread over the order lines they were shipped on (pure; allocate.test.ts).
 * A product may sit on two lines of an order: its units fill the first line's room, then the next.
 * What finds no room is the line's `rest`: more than was shipped and not yet returned, or a
 * product the order does not hold. A receipt refuses a rest on a product of the order (over-return)
 * and keeps the others 'hors commande'; a resolution keeps every rest 'hors commande'.
 */

/** An order line's room: how many units of its product may still come back on it. */
export interface Room {
  orderLine: number
  productId: number
  left: number
}

export interface Wanted {
  /** Null: a code the catalogue does not know. */
  productId: number | null
  quantity: number
}

export interface Allocation {
  parts: { orderLine: number; quantity: number }[]
  /** Units with no room. */
  rest: number
  /** The order holds the product (then a rest is more than it shipped). */
  inOrder: boolean
}

export function allocate(wanted: readonly Wanted[], rooms: readonly Room[]): Allocation[] {
  const left = new Map(rooms.map((r) => [r.orderLine, Math.max(r.left, 0)]))
  return wanted.map(({ productId, quantity }) => {
    const mine = rooms.filter((r) => r.productId === productId)
    const parts: Allocation['parts'] = []
    let rest = quantity
    for (const room of mine) {
      const take = Math.min(rest, left.get(room.orderLine) ?? 0)
      if (take <= 0) continue
      parts.push({ orderLine: room.orderLine, quantity: take })
      left.set(room.orderLine, (left.get(room.orderLine) ?? 0) - take)
      rest -= take
    }
    return { parts, rest, inOrder: mine.length > 0 }
  })
}

export interface Excess {
  productId: number
  /** Units asked for, all lines of the request together. */
  asked: number
  /** Room the order had for them. */
  left: number
}

/** The first product of the order asked for beyond its room, all lines together; null: none. */
export function firstExcess(
  wanted: readonly Wanted[],
  allocations: readonly Allocation[],
  rooms: readonly Room[],
): Excess | null {
  const over = allocations.findIndex((a) => a.inOrder && a.rest > 0)
  const productId = over < 0 ? null : (wanted[over]?.productId ?? null)
  if (productId === null) return null
  const asked = wanted.filter((w) => w.productId === productId).reduce((sum, w) => sum + w.quantity, 0)
  const left = rooms.filter((r) => r.productId === productId).reduce((sum, r) => sum + Math.max(r.left, 0), 0)
  return { productId, asked, left }
}
