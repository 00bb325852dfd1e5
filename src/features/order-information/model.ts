/**
 * What the 'Information commande' screens show, as pure functions (unit-tested in model.test.ts):
 * the state of a search, the order to open at once, the timeline and quantity texts, which files
 * are pictures and which are printable. The components only lay it out.
 */
import {
  ORDER_MATCH_LABELS,
  ORDER_STATUS_LABELS,
  orderSearchQuerySchema,
  type OrderDetail,
  type OrderDetailLine,
  type OrderSummary,
  type OrderTimelineEntry,
  type PrintDocument,
  type ResponseOf,
  type orderInformation,
} from '@contract'
import { formatDateTime } from '@/lib/dates'
import { orderInformationText as text } from './text.ts'

export type SearchAnswer = ResponseOf<typeof orderInformation>
export type CustomizationFile = OrderDetail['customizationFiles'][number]

/** The search text as the server will take it, or the contract's French reason it would refuse it. */
export function checkSearch(q: string): { ok: true; q: string } | { ok: false; message: string } {
  const parsed = orderSearchQuerySchema.shape.q.safeParse(q)
  if (parsed.success) return { ok: true, q: parsed.data }
  return { ok: false, message: parsed.error.issues[0]?.message ?? text.unexpected }
}

/** A scan's answer names one order only: open it, no list to tap through. */
export function orderToOpen(answer: SearchAnswer): string | null {
  const [only] = answer.results
  return only && answer.results.length === 1 && !answer.truncated ? only.name : null
}

export type SearchView =
  | { kind: 'idle' }
  | { kind: 'invalid'; message: string }
  | { kind: 'loading'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'none'; message: string }
  | { kind: 'results'; title: string; results: OrderSummary[]; truncated: string | null }

/** What the search screen shows for the text of the URL and the state of its query. */
export function searchView(
  q: string | undefined,
  query: { data?: SearchAnswer; error?: Error | null },
  /** A scan whose search failed (its text is not in the URL): said until the next search. */
  failure: { q: string; message: string } | null = null,
): SearchView {
  if (failure) return { kind: 'error', message: failure.message }
  if (q === undefined || q.trim() === '') return { kind: 'idle' }
  const checked = checkSearch(q)
  if (!checked.ok) return { kind: 'invalid', message: checked.message }
  const { data, error } = query
  if (!data) {
    return error
      ? { kind: 'error', message: error.message || text.unexpected }
      : { kind: 'loading', message: text.search.loading(checked.q) }
  }
  if (data.results.length === 0) return { kind: 'none', message: text.search.none(checked.q) }
  return {
    kind: 'results',
    title: text.search.results(data.results.length, checked.q),
    results: data.results,
    truncated: data.truncated ? text.search.truncated : null,
  }
}

/** 'Trouvée par : Numéro de suivi 8L00000000011' */
export const foundBy = (match: OrderSummary['match']) =>
  text.search.foundBy(ORDER_MATCH_LABELS[match.by], match.value)

export interface TimelineItem {
  key: string
  at: string
  title: string
  who: string
  reason: string | null
}

/** The status history, oldest first, each step as 'Préparée → Emballée', by whom and why. */
export function timelineItems(timeline: OrderTimelineEntry[]): TimelineItem[] {
  return [...timeline]
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
    .map((entry, i) => ({
      key: `${i}-${entry.at}-${entry.to}`,
      at: formatDateTime(entry.at),
      title: entry.from
        ? `${ORDER_STATUS_LABELS[entry.from]} → ${ORDER_STATUS_LABELS[entry.to]}`
        : text.detail.creation(ORDER_STATUS_LABELS[entry.to]),
      who: text.detail.by(entry.user ?? text.detail.system),
      reason: entry.reason,
    }))
}

export const QUANTITY_KEYS = [
  'quantity',
  'picked',
  'short',
  'packed',
  'shipped',
  'returned',
  'remaining',
] as const
export type QuantityKey = (typeof QUANTITY_KEYS)[number]

/**
 * A line's counts with what is left to ship: nothing for an order that will not ship again
 * (cancelled, already shipped or returned), else what was ordered and has not left, less the units
 * cancelled on the line (a short pick shipped without them).
 */
export function lineQuantities(line: OrderDetailLine, status: OrderDetail['order']['status']) {
  const closed = ['cancelled', 'shipped', 'partially_returned', 'returned'].includes(status)
  const remaining = closed ? 0 : Math.max(0, line.quantity - line.shipped - line.cancelled)
  const { quantity, picked, short, packed, shipped, returned } = line
  const values: Record<QuantityKey, number> = {
    quantity,
    picked,
    short,
    packed,
    shipped,
    returned,
    remaining,
  }
  return QUANTITY_KEYS.map((key) => ({ key, label: text.quantities[key], value: values[key] }))
}

export type FileKind = 'image' | 'pdf' | 'other'

/** Pictures are shown, PDFs printed on the A4 printer; anything else can only be opened. */
export function fileKind(file: CustomizationFile): FileKind {
  const type = file.type.toLowerCase()
  if (type.startsWith('image/')) return 'image'
  if (type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf')) return 'pdf'
  return 'other'
}

/** A server link as the browser opens it: a path is the API's (VITE_API_HOST may be another origin). */
export function fileHref(url: string, apiHost: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${apiHost}${url}` : url
}

/**
 * A customization PDF as the print agent takes it. The files' links carry no expiry in the
 * contract: the screen asks for fresh ones right before printing.
 */
export function fileDocument(file: CustomizationFile, now: Date): PrintDocument {
  return { title: file.name, url: file.url, format: 'pdf', expiresAt: now.toISOString() }
}

/** A label's signed link has run out (or will within the minute): ask the detail again before printing. */
export function isExpired(document: PrintDocument, now: number): boolean {
  const expires = Date.parse(document.expiresAt)
  return Number.isNaN(expires) || expires - 60_000 <= now
}
