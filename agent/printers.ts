/** The agent's named printers and QZ Tray's rules for finding one by a partial name. */

export interface AgentPrinter {
  name: string
  /** What the printer stands for on a workstation; QZ Tray itself has no such notion. */
  kind?: 'label' | 'A4' | 'pdf'
  driver?: string
  /** Dots per inch, as QZ Tray reports it in `printers.detail`. */
  density?: number
}

export const DEFAULT_PRINTERS: readonly AgentPrinter[] = [
  { name: 'Zebra ZD421', kind: 'label', driver: 'ZDesigner ZD421-203dpi ZPL', density: 203 },
  { name: 'HP LaserJet A4', kind: 'A4', driver: 'HP Universal Printing PCL 6', density: 600 },
  { name: 'PDF virtuel', kind: 'pdf', driver: 'Microsoft Print to PDF', density: 600 },
]

export const DEFAULT_PRINTER_NAME = 'HP LaserJet A4'

/**
 * QZ Tray's matching for `printers.find(query)` and for the printer named in a print call:
 * case-insensitive exact name first, else the first name starting with the query, else the
 * first containing it. Pages written against the real agent rely on the partial forms.
 */
export function matchPrinter(printers: readonly AgentPrinter[], query: string): AgentPrinter | undefined {
  const q = query.toLowerCase()
  const named = printers.map((printer) => ({ printer, name: printer.name.toLowerCase() }))
  return (
    named.find((p) => p.name === q) ??
    named.find((p) => p.name.startsWith(q)) ??
    named.find((p) => p.name.includes(q))
  )?.printer
}

/** One entry of `printers.detail`, in the shape QZ Tray 2.3 answers. */
export function printerDetail(printer: AgentPrinter, defaultName: string | undefined) {
  return {
    name: printer.name,
    driver: printer.driver ?? printer.name,
    connection: 'virtual',
    default: printer.name === defaultName,
    sizes: [],
    density: printer.density ?? 300,
  }
}

/** A file-name-safe form of a printer's name ("PDF virtuel" -> "pdf-virtuel"). */
export function printerSlug(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return slug || 'printer'
}
