/**
 * The text a PDF of our writer (documents/pdf.ts) shows, in drawing order: each `(…) Tj` literal decoded
 * from WinAnsi (octal escapes as written by pdfString). For tests that read a document as a
 * person would ("the pick list names the batch"), not a general PDF parser.
 */
const WINANSI_SPECIALS: Readonly<Record<number, string>> = {
  0x85: '…',
  0x92: '’',
  0x9c: 'œ',
  0x80: '€',
  0x96: '–',
  0x97: '—',
}

export function pdfTexts(pdf: Buffer): string[] {
  const texts: string[] = []
  for (const match of pdf.toString('latin1').matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)) {
    const raw = match[1] ?? ''
    texts.push(
      raw.replace(/\\([0-7]{3}|.)/g, (_, escaped: string) => {
        if (escaped.length === 1) return escaped
        const byte = parseInt(escaped, 8)
        return WINANSI_SPECIALS[byte] ?? String.fromCharCode(byte)
      }),
    )
  }
  return texts
}

/** How many pages the file has (its page tree's /Count). */
export function pdfPageCount(pdf: Buffer): number {
  return Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(pdf.toString('latin1'))?.[1] ?? 0)
}

/** Filled rectangles of at least `minHeight` points, grouped by their bottom and height: barcodes' bars, left to right. */
export function pdfBarRows(pdf: Buffer, minHeight: number): [number, number][][] {
  const rows = new Map<string, [number, number][]>()
  for (const m of pdf.toString('latin1').matchAll(/([\d.-]+) ([\d.-]+) ([\d.-]+) ([\d.-]+) re f/g)) {
    const [x, y, w, h] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number]
    if (h < minHeight) continue
    const key = `${y}/${h}`
    rows.set(key, [...(rows.get(key) ?? []), [x, w]])
  }
  return [...rows.values()].map((bars) => bars.sort((a, b) => a[0] - b[0]))
}
