/**
 * What the print agent is sent (docs/specification.md §7.13, docs/qz-tray-protocol.md): the default configuration
 * and one data item per document, its bytes in base64 (flavor 'base64'). The page fetched them
 * (document-fetch.ts): QZ Tray, a Java program, would not trust the site's https root to fetch
 * the links itself.
 */

export type PrintFormat = 'pdf' | 'zpl'

export interface PrintableFile {
  url: string
  format: PrintFormat
  /** The paper the document is drawn for (the server says; absent for a shop's own file). */
  page?: { widthMm: number; heightMm: number }
}

/** docs/specification.md §7.13: copies 1, units in inches, colour, scale content. */
export const DEFAULT_PRINT_CONFIG = Object.freeze({
  copies: 1,
  units: 'in',
  colorType: 'color',
  scaleContent: true,
} as const)

const MM_PER_INCH = 25.4
const inches = (mm: number) => Math.round((mm / MM_PER_INCH) * 1000) / 1000

/**
 * The job's configuration (issue 16): the specification's defaults, plus, for a PDF whose paper is known, that
 * paper's size and a fixed portrait orientation. Told nothing, QZ Tray scaled a 50 × 25 mm label ×2
 * onto a 4 × 2 in roll and, choosing the orientation itself, turned wide labels (qzind/tray#428:
 * 'portrait' prints a wide page on wide stock as drawn). Raw ZPL carries its own layout.
 */
export function printConfigFor(documents: readonly PrintableFile[]) {
  const first = documents[0]
  const page = first?.format === 'pdf' ? first.page : undefined
  const samePage =
    page && documents.every((d) => d.page?.widthMm === page.widthMm && d.page.heightMm === page.heightMm)
  if (!page || !samePage) return { ...DEFAULT_PRINT_CONFIG }
  return {
    ...DEFAULT_PRINT_CONFIG,
    size: { width: inches(page.widthMm), height: inches(page.heightMm) },
    orientation: 'portrait' as const,
  }
}

export type PrintDataItem =
  | { type: 'pixel'; format: 'pdf'; flavor: 'base64'; data: string }
  | { type: 'raw'; format: 'command'; flavor: 'base64'; data: string }

/**
 * An absolute URL to fetch a document at: a path the server answered is resolved against the API
 * host (which may differ from the page's origin), never against the page's.
 */
export function absoluteUrl(url: string, base: string | undefined): string {
  if (!base) return url
  try {
    return new URL(url, base.endsWith('/') ? base : `${base}/`).href
  } catch {
    return url
  }
}

/** Fetched bytes of one document (document-fetch.ts). */
export interface DocumentBytes {
  format: PrintFormat
  bytes: Uint8Array
}

/** PDF → pixel/pdf/base64; ZPL → raw/command/base64. A new array each call (qz-tray rewrites items). */
export function buildPrintData(documents: readonly DocumentBytes[]): PrintDataItem[] {
  return documents.map(({ bytes, format }): PrintDataItem => {
    const data = toBase64(bytes)
    return format === 'pdf'
      ? { type: 'pixel', format: 'pdf', flavor: 'base64', data }
      : { type: 'raw', format: 'command', flavor: 'base64', data }
  })
}

/** Bytes per String.fromCharCode call: far below the engines' limit on a call's arguments. */
const CHUNK = 0x8000

/**
 * Base64 by the browser's own encoder where it has one (Uint8Array.prototype.toBase64), else by
 * btoa over chunks: qz-tray's own conversion of a Uint8Array goes byte by byte, slow for a long
 * pick list's PDF.
 */
export function toBase64(bytes: Uint8Array): string {
  const native = (bytes as Uint8Array & { toBase64?: () => string }).toBase64
  if (typeof native === 'function') return native.call(bytes)
  let binary = ''
  for (let start = 0; start < bytes.length; start += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK))
  return btoa(binary)
}
