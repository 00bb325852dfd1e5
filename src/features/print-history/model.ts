/**
 * docs/specification.md §3 Printer log entry and how one is built: from a print element (`{title, url}`, what the
 * printing feature prints) plus, for picking documents, the picking type. Pure: no storage here.
 */
import type { PickingType, PrintDocument, PrinterUse } from '@contract'
import { formatDateTimeSeconds } from '@/lib/dates'

export type PrintFormat = PrintDocument['format']
/** The paper a document is drawn for (the server says): a reprint prints it the same size. */
export type PrintPage = NonNullable<PrintDocument['page']>

/** What a print-history line holds (the specification's four fields, then ours). */
export interface PrintLogEntry {
  /** French locale date-time of the print, e.g. '23/11/2026 14:05:12'. */
  date: string
  /** The print element's title. */
  name: string
  /** The picking type, or '' when the print was not a picking document. */
  type: PickingType | (string & {})
  /** The print element's URL, or ''. The server's document links expire after ~10 minutes. */
  link: string
  /** ms since the epoch, the order of the history. */
  printedAt: number
  printer?: string
  /** The kind of printer it went to: a reprint goes to the same printer, else one of that kind. */
  use?: PrinterUse
  format?: PrintFormat
  /** Absent in entries logged before it was kept, and for documents the server gave no size. */
  page?: PrintPage
}

/** An entry as read back from the log (with its key). */
export interface StoredPrintLogEntry extends PrintLogEntry {
  id: number
}

/** A printed element, as the printing feature describes it. */
export interface PrintElement {
  title: string
  url?: string | null
}

/** How long the server's signed document links stay valid (about). */
export const DOCUMENT_LINK_LIFETIME_MS = 10 * 60_000

/** '23/11/2026 14:05:12', in the warehouse's time zone (lib/dates). */
export function formatPrintDate(date: Date): string {
  return formatDateTimeSeconds(date)
}

/** The specification: built from a print element plus (optionally) a picking type. */
export function entryFromElement(
  element: PrintElement,
  type: string = '',
  now: Date = new Date(),
): PrintLogEntry {
  return {
    date: formatPrintDate(now),
    name: element.title,
    type,
    link: element.url?.trim() ?? '',
    printedAt: now.getTime(),
  }
}

/** The specification's third way: a picking document (print element + picking type). */
export function entryFromPickingElement(
  element: PrintElement,
  pickingType: PickingType,
  now?: Date,
): PrintLogEntry {
  return entryFromElement(element, pickingType, now)
}

/** Entries for elements printed together (added in bulk), all stamped with the same time. */
export function entriesFromElements(
  elements: readonly PrintElement[],
  type = '',
  now: Date = new Date(),
): PrintLogEntry[] {
  return elements.map((element) => entryFromElement(element, type, now))
}

/** Detail of the window event 'print-done' the printing feature dispatches after each successful print. */
export interface PrintDoneDetail {
  title: string
  url: string
  printedAt: number
  printer?: string
  use?: PrinterUse
  format?: PrintFormat
  page?: PrintPage
  type?: string
}

const isSize = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0

/** The detail's page when it is one (two positive sizes in mm), else undefined. */
function pageOf(value: unknown): PrintPage | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { widthMm, heightMm } = value as Partial<Record<keyof PrintPage, unknown>>
  return isSize(widthMm) && isSize(heightMm) ? { widthMm, heightMm } : undefined
}

/** The entry for a 'print-done' event, or null when its detail is not one (a foreign event). */
export function entryFromPrintDone(detail: unknown): PrintLogEntry | null {
  if (typeof detail !== 'object' || detail === null) return null
  const d = detail as Partial<Record<keyof PrintDoneDetail, unknown>>
  if (typeof d.title !== 'string') return null
  const printedAt = typeof d.printedAt === 'number' && Number.isFinite(d.printedAt) ? d.printedAt : Date.now()
  const entry = entryFromElement(
    { title: d.title, url: typeof d.url === 'string' ? d.url : '' },
    typeof d.type === 'string' ? d.type : '',
    new Date(printedAt),
  )
  if (typeof d.printer === 'string' && d.printer) entry.printer = d.printer
  if (d.use === 'label' || d.use === 'a4') entry.use = d.use
  if (d.format === 'pdf' || d.format === 'zpl') entry.format = d.format
  const page = pageOf(d.page)
  if (page) entry.page = page
  return entry
}

/** True when the entry's document link is older than the server keeps it valid. */
export function linkMayHaveExpired(entry: Pick<PrintLogEntry, 'link' | 'printedAt'>, now: number): boolean {
  return entry.link !== '' && now - entry.printedAt > DOCUMENT_LINK_LIFETIME_MS
}

/** The agent downloads a document a few seconds after it is sent: a link this close to its end is renewed. */
export const RELINK_MARGIN_MS = 60_000

/**
 * A reprint asks the server for a fresh link (POST /rest/print/document-link) when the logged one
 * may expire before the print agent fetches it (a clock set back since the print, which makes the
 * entry look younger than nothing, too).
 */
export function needsFreshLink(entry: Pick<PrintLogEntry, 'printedAt'>, now: number): boolean {
  const age = now - entry.printedAt
  return age < 0 || age > DOCUMENT_LINK_LIFETIME_MS - RELINK_MARGIN_MS
}

/** The kind of printer a reprint goes to; entries logged before it was kept: picking documents are A4. */
export function reprintUse(entry: Pick<PrintLogEntry, 'use' | 'type'>): PrinterUse {
  return entry.use ?? (entry.type ? 'a4' : 'label')
}

/** The document as logged (its link, format and paper), for a reprint while the link is fresh. */
export function loggedDocument(entry: PrintLogEntry): PrintDocument {
  return {
    title: entry.name,
    url: entry.link,
    format: entry.format ?? 'pdf',
    expiresAt: '',
    ...(entry.page && { page: entry.page }),
  }
}

/** What a reprint asks the printing feature for (features never import each other: the route passes print). */
export interface ReprintRequest {
  document: PrintDocument
  use: PrinterUse
  /** The printer used before, when this workstation still has it. */
  printer?: string
  pickingType?: string
}

/** A reprint of `entry` with `document`: the same kind of printer, the one used before if still there. */
export function reprintRequest(entry: PrintLogEntry, document: PrintDocument): ReprintRequest {
  return {
    document,
    use: reprintUse(entry),
    ...(entry.printer && { printer: entry.printer }),
    ...(entry.type && { pickingType: entry.type }),
  }
}
