/**
 * The documents' PDF writer: pages of a given size whose content is filled rectangles (barcode
 * bars) and text, drawn by the layouts in PDF user space (points, origin bottom left, text on its
 * baseline) and written by pdfkit with the documents' font (font.ts) embedded and subset, so any
 * name prints in any script it has. The layouts record what they draw (PageContent), and the file
 * is written in one pass at the end.
 */
import PDFDocument from 'pdfkit'
import { FONT_BYTES, textWidth } from './font.ts'

export const MM = 72 / 25.4

type Op =
  | { kind: 'rect'; x: number; y: number; width: number; height: number }
  | { kind: 'text'; text: string; x: number; y: number; size: number }

/** Drawing operations of one page, in PDF user space (points, origin bottom left). */
export class PageContent {
  readonly ops: Op[] = []

  rect(x: number, y: number, width: number, height: number): this {
    this.ops.push({ kind: 'rect', x, y, width, height })
    return this
  }

  /** Text with its baseline at y; align against x. */
  text(text: string, x: number, y: number, size: number, align: 'left' | 'center' | 'right' = 'left'): this {
    const width = textWidth(text, size)
    const left = align === 'left' ? x : align === 'center' ? x - width / 2 : x - width
    this.ops.push({ kind: 'text', text: text.normalize('NFC'), x: left, y, size })
    return this
  }
}

export interface PdfPage {
  width: number
  height: number
  content: PageContent
}

/** The whole file, compressed, with the font's glyphs the pages use and the title in its metadata. */
export function pdfDocument(pages: readonly PdfPage[], info: { title?: string } = {}): Buffer {
  if (pages.length === 0) throw new Error('A PDF needs at least one page')
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    info: { Title: info.title ?? 'Étiquettes', Producer: 'Entrepôt', Creator: 'Entrepôt' },
  })
  doc.registerFont('text', FONT_BYTES)
  for (const page of pages) {
    doc.addPage({ size: [page.width, page.height], margin: 0 })
    doc.font('text')
    for (const op of page.content.ops) {
      // pdfkit's y grows downwards from the top of the page.
      if (op.kind === 'rect') doc.rect(op.x, page.height - op.y - op.height, op.width, op.height).fill()
      else
        doc
          .fontSize(op.size)
          .text(op.text, op.x, page.height - op.y, { lineBreak: false, baseline: 'alphabetic' })
    }
  }
  doc.end()
  // pdfkit pushes the file into its stream as it writes: with nobody reading, every chunk is still
  // there to take at once, with no wait for a 'data' event.
  const chunks: Buffer[] = []
  for (let chunk: Buffer | null; (chunk = doc.read() as Buffer | null) !== null;) chunks.push(chunk)
  return Buffer.concat(chunks)
}

/**
 * One small document written at the server's start (serve.ts): pdfkit reads the font and compiles
 * its subsetting code then (about 200 ms), not while the first person waits for a print.
 */
export function warmUpDocuments(): void {
  pdfDocument([{ width: 50, height: 20, content: new PageContent().text('Éé Łł Αα Яя 0123', 2, 5, 8) }])
}
