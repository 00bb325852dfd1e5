/**
 * The lines of a return (part of the pure model, model.ts): what a product may still bring back
 * (shipped − already returned, over every order line of it, less the other lines of this return),
 * the default disposition of a condition, and why a line cannot be sent as it is.
 */
import {
  MAX_LINE_QUANTITY,
  ORDER_STATUS_LABELS,
  type OrderDetail,
  RETURNABLE_ORDER_STATUSES,
  type ReturnableOrder,
  type ReturnCondition,
  type ReturnDisposition,
} from '@contract'
import type { Item, OrderPreview, Parcel, PreviewLine, ReturnLine } from './state.ts'
import { text as t } from './text.ts'

/**
 * Why this order cannot take a return (not shipped, all of it back, cancelled…), or null: the
 * contract's returnable states, which the server applies too.
 */
export const notReturnable = (order: OrderPreview): string | null =>
  RETURNABLE_ORDER_STATUSES.includes(order.status)
    ? null
    : t.notReturnable(order.name, ORDER_STATUS_LABELS[order.status])

type OrderHead = Pick<OrderPreview, 'name' | 'shop' | 'status' | 'customer'>
type OrderLine = Pick<PreviewLine, 'orderLine' | 'product' | 'shipped' | 'returned'>

/** The order as the screen shows it: each line with what may still come back. */
function preview({ name, shop, status, customer }: OrderHead, lines: readonly OrderLine[]): OrderPreview {
  return {
    name,
    shop,
    status,
    customer,
    lines: lines.map(({ orderLine, product, shipped, returned }) => ({
      orderLine,
      product,
      shipped,
      returned,
      returnable: Math.max(0, shipped - returned),
    })),
  }
}

/** The order as 'Information commande' gives it in full. */
export const previewOf = (detail: OrderDetail): OrderPreview => preview(detail.order, detail.lines)

/**
 * A shop's order as its return search finds it. Its `returnable` also holds back what announced
 * returns expect, but this parcel may be the one they announced (the receipt fills them): the
 * warehouse may take back all that was shipped and not yet returned, as the server does.
 */
export const previewOfReturnable = (found: ReturnableOrder, shop: OrderPreview['shop']): OrderPreview =>
  preview({ ...found, shop }, found.lines)

const upper = (s: string) => s.trim().toUpperCase()
const keysOf = (p: Pick<Item, 'code' | 'sku' | 'ean13'>) =>
  [p.code, p.sku, p.ean13].filter((k): k is string => !!k).map(upper)
export const sameItem = (a: Item, b: Item) =>
  a.inOrder === b.inOrder && keysOf(a).some((k) => keysOf(b).includes(k))

/** What the order says of a product (its order lines summed): shipped, returned, returnable. */
export function orderTotals(parcel: Parcel | null, code: string) {
  if (parcel?.kind !== 'order') return null
  const lines = parcel.order.lines.filter((l) => upper(l.product.sku) === upper(code))
  if (lines.length === 0) return null
  const sum = (pick: (l: (typeof lines)[number]) => number) => lines.reduce((n, l) => n + pick(l), 0)
  return {
    shipped: sum((l) => l.shipped),
    returned: sum((l) => l.returned),
    returnable: sum((l) => l.returnable),
  }
}

/** The most this line may carry: what the order may still bring back less the other lines of it. */
export function limitOf(parcel: Parcel | null, lines: ReturnLine[], line: ReturnLine): number {
  const totals = line.inOrder ? orderTotals(parcel, line.code) : null
  if (!totals) return MAX_LINE_QUANTITY
  const others = lines
    .filter((l) => l.id !== line.id && sameItem(l, line))
    .reduce((n, l) => n + l.quantity, 0)
  return Math.max(0, totals.returnable - others)
}

/** The refusal of one more than the order allows, with what it shipped and what already came back. */
export function overReturn(parcel: Parcel | null, item: Item): string {
  const totals = orderTotals(parcel, item.code)
  return totals
    ? t.overReturn(item.name, totals.returnable, totals.shipped, totals.returned)
    : t.atMost(MAX_LINE_QUANTITY)
}

/** An item not in the order is kept aside in quarantine, whatever its condition (the return waits). */
export function dispositionsOf(line: Pick<Item, 'inOrder'>): readonly ReturnDisposition[] {
  return line.inOrder === false ? ['quarantine'] : ['restock', 'quarantine', 'scrap']
}

/** What usually happens to an item in this condition: new back to stock, opened checked, damaged scrapped. */
export function defaultDisposition(
  condition: ReturnCondition,
  line: Pick<Item, 'inOrder'>,
): ReturnDisposition {
  if (line.inOrder === false) return 'quarantine'
  return condition === 'new' ? 'restock' : condition === 'opened' ? 'quarantine' : 'scrap'
}

export function newLine(item: Item, id: string): ReturnLine {
  return {
    ...item,
    id,
    quantity: 1,
    condition: 'new',
    disposition: defaultDisposition('new', item),
    location: null,
    locationVerified: false,
    rebutReason: null,
  }
}

/** More than the order may bring back (a quantity typed, a reopened write), or undefined. */
export function quantityProblem(
  parcel: Parcel | null,
  lines: ReturnLine[],
  line: ReturnLine,
): string | undefined {
  const limit = limitOf(parcel, lines, line)
  if (line.quantity <= limit) return undefined
  return line.inOrder ? overReturn(parcel, line) : t.atMost(limit)
}

/** Why a line cannot be sent as it is (the screen's own check), or undefined. */
export function lineProblem(
  parcel: Parcel | null,
  lines: ReturnLine[],
  line: ReturnLine,
): string | undefined {
  const quantity = quantityProblem(parcel, lines, line)
  if (quantity) return quantity
  if (line.disposition === 'restock' && line.location === null) return t.locationMissing
  if (line.disposition === 'scrap' && line.rebutReason === null) return t.scrapReasonMissing
  return undefined
}

/**
 * What a line shows under it in red: too many, else the server's refusal of it. A location or a
 * reason still to give is said where it is given, not as an error.
 */
export const lineError = (parcel: Parcel | null, lines: ReturnLine[], line: ReturnLine) =>
  quantityProblem(parcel, lines, line) ?? line.error

export const countArticles = (lines: ReturnLine[]) => lines.reduce((n, l) => n + l.quantity, 0)
