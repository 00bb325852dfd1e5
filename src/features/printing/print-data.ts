/**
 * What the print agent is sent (SPEC §7.13, docs/qz-tray-protocol.md): the default configuration
 * and one data item per document. Documents are links the agent downloads itself (flavor 'file'),
 * without the browser's cookies or token.
 */

export type PrintFormat = 'pdf' | 'zpl'

export interface PrintableFile {
  url: string
  format: PrintFormat
  /** The paper the document is drawn for (the server says; absent for a shop's own file). */
  page?: { widthMm: number; heightMm: number }
}

/** SPEC §7.13: copies 1, units in inches, colour, scale content. */
export const DEFAULT_PRINT_CONFIG = Object.freeze({
  copies: 1,
  units: 'in',
  colorType: 'color',
  scaleContent: true,
} as const)

const MM_PER_INCH = 25.4
const inches = (mm: number) => Math.round((mm / MM_PER_INCH) * 1000) / 1000

/**
 * The job's configuration (issue 16): SPEC's defaults, plus, for a PDF whose paper is known, that
 * paper's size and a fixed portrait orientation. Told nothing, QZ Tray scaled a 50 × 25 mm label ×2
 * onto a 4 × 2 in roll and, choosing the orientation itself, turned wide labels (qzind/tray#428:
 * 'portrait' prints a wide page on wide stock as drawn). Raw ZPL carries its own layout.
 */
export function printConfigFor(documents: readonly PrintableFile[]) {
  const first = documents[0]
  const page = first?.format === 'pdf' ? first.page : undefined
  const samePage = page && documents.every((d) => d.page?.widthMm === page.widthMm && d.page.heightMm === page.heightMm)
  if (!page || !samePage) return { ...DEFAULT_PRINT_CONFIG }
  return {
    ...DEFAULT_PRINT_CONFIG,
    size: { width: inches(page.widthMm), height: inches(page.heightMm) },
    orientation: 'portrait' as const,
  }
}

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
