/**
 * The lines of a transfer (part of the pure model, model.ts): what one product line may carry —
 * never more than the source holds — and how a refusal of 'lines.N' finds its line.
 */
import { MAX_LINE_QUANTITY, type LocationStock } from '@contract'
import { lineFields, type Refusal } from '@/lib/refusal'
import { text as t } from './text.ts'

export type StockLine = LocationStock['stock'][number]

export interface Product {
  /** What is sent: the SKU when the source's content is known, the code as scanned otherwise. */
  code: string
  sku?: string
  ean13?: string
  name: string
  /** What the source holds of it; null when unknown (offline), 0 when it holds none (a reopened write). */
  max: number | null
}
export interface Line extends Product {
  id: string
  quantity: number
  /** The server's refusal of this line, from the last validation. */
  error?: string
}

export const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase()
const keysOf = (p: Product) =>
  [p.code, p.sku, p.ean13].filter((k): k is string => !!k).map((k) => k.toUpperCase())
export const sameProduct = (a: Product, b: Product) => keysOf(a).some((k) => keysOf(b).includes(k))
export const countArticles = (lines: Line[]) => lines.reduce((n, l) => n + l.quantity, 0)

/** A line of the source's content, as a product to move. */
export const productOf = (s: StockLine): Product => ({
  code: s.sku,
  sku: s.sku,
  ean13: s.ean13,
  name: s.name,
  max: s.quantity,
})

/** The most a line may carry: what the source holds, else the contract's ceiling. */
export const limitOf = (line: Product) => line.max ?? MAX_LINE_QUANTITY
/** The refusal of one more than that. */
export const beyond = (line: Product) =>
  line.max === null ? t.atMost(line.name, MAX_LINE_QUANTITY) : t.beyondSource(line.name, line.max)

/** Why a line cannot be sent as it is (more than the source holds, e.g. a reopened write), or undefined. */
export const lineProblem = (line: Line) =>
  line.quantity <= limitOf(line)
    ? undefined
    : line.max === 0
      ? t.absentFromSource
      : t.atMostInSource(limitOf(line))
/** What a line shows under it: the server's refusal of it, else the screen's own check. */
export const lineError = (line: Line) => line.error ?? lineProblem(line)

/** Lines in the order they are sent (oldest scan first): a refusal's 'lines.N' counts in this order. */
export const sendOrder = (lines: Line[]) => [...lines].reverse()

/** Each line with its part of a refusal (`ids`: the lines sent, in send order). */
export function withRefusal(lines: Line[], refusal: Refusal, ids: string[]): Line[] {
  const errors = new Map(ids.map((id, index) => [id, Object.values(lineFields(refusal, index)).join(' ')]))
  return lines.map((l) => ({ ...l, error: errors.get(l.id) || undefined }))
}
