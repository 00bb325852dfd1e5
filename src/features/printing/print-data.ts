/**
 * What the print agent is sent (SPEC §7.13, docs/qz-tray-protocol.md): the default configuration
 * and one data item per document. Documents are links the agent downloads itself (flavor 'file'),
 * without the browser's cookies or token.
 */

export type PrintFormat = 'pdf' | 'zpl'

export interface PrintableFile {
  url: string
  format: PrintFormat
}

/** SPEC §7.13: copies 1, units in inches, colour, scale content. */
export const DEFAULT_PRINT_CONFIG = Object.freeze({
  copies: 1,
  units: 'in',
  colorType: 'color',
  scaleContent: true,
} as const)

export type PrintDataItem =
  | { type: 'pixel'; format: 'pdf'; flavor: 'file'; data: string }
  | { type: 'raw'; format: 'command'; flavor: 'file'; data: string }

/**
 * An absolute URL for the agent: a path the server answered is resolved against the API host
 * (which may differ from the page's origin), never left for the agent to guess.
 */
export function absoluteUrl(url: string, base: string | undefined): string {
  if (!base) return url
  try {
    return new URL(url, base.endsWith('/') ? base : `${base}/`).href
  } catch {
    return url
  }
}

/** PDF → pixel/pdf/file; ZPL → raw/command/file. A new array each call (qz-tray rewrites items). */
export function buildPrintData(documents: readonly PrintableFile[], baseUrl?: string): PrintDataItem[] {
  return documents.map(({ url, format }): PrintDataItem => {
    const data = absoluteUrl(url, baseUrl)
    return format === 'pdf'
      ? { type: 'pixel', format: 'pdf', flavor: 'file', data }
      : { type: 'raw', format: 'command', flavor: 'file', data }
  })
}
