/**
 * A minimal PDF 1.4 writer for labels: pages of a given size whose content is filled rectangles
 * (barcode bars) and Helvetica text. Nothing is compressed and text stays literal, so a label's
 * name can be found in the file with grep (the print agent's tests do). The file is 7-bit ASCII
 * after the header, so string lengths are byte offsets for the cross-reference table.
 */
import { textWidth, winAnsiBytes } from './winansi.ts'

export const MM = 72 / 25.4

/** Drawing operators of one page, in PDF user space (points, origin bottom left). */
export class PageContent {
  private readonly ops: string[] = []

  rect(x: number, y: number, width: number, height: number): this {
    this.ops.push(`${num(x)} ${num(y)} ${num(width)} ${num(height)} re f`)
    return this
  }

  /** Text with its baseline at y; align against x. */
  text(text: string, x: number, y: number, size: number, align: 'left' | 'center' | 'right' = 'left'): this {
    const width = textWidth(text, size)
    const left = align === 'left' ? x : align === 'center' ? x - width / 2 : x - width
    this.ops.push(`BT /F1 ${num(size)} Tf ${num(left)} ${num(y)} Td ${pdfString(text)} Tj ET`)
    return this
  }

  toString(): string {
    return this.ops.join('\n') + '\n'
  }
}

export interface PdfPage {
  width: number
  height: number
  content: PageContent | string
}

/** The whole file. Pages with identical content share one content stream (copies cost ~60 bytes). */
export function pdfDocument(pages: readonly PdfPage[], info: { title?: string } = {}): Buffer {
  if (pages.length === 0) throw new Error('A PDF needs at least one page')
  const objects: string[] = [] // objects[i] is object number i + 1
  const add = (body: string) => objects.push(body)
  const reserve = () => objects.push('') // numbered now, written later

  reserve() // 1: catalog
  reserve() // 2: page tree
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>') // 3
  add(`<< /Producer (Entrepot) /Title ${utf16String(info.title ?? 'Etiquettes')} >>`) // 4
  const streams = new Map<string, number>()
  const kids: number[] = []
  for (const page of pages) {
    const content = String(page.content)
    let stream = streams.get(content)
    if (stream === undefined) {
      stream = add(`<< /Length ${content.length} >>\nstream\n${content}endstream`)
      streams.set(content, stream)
    }
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] ` +
          `/Resources << /Font << /F1 3 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    )
  }
  objects[0] = '<< /Type /Catalog /Pages 2 0 R >>'
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`

  // The comment's bytes above 127 tell transfer tools the file is binary (PDF spec 7.5.2).
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = out.length
  // Each entry is exactly 20 bytes: 10-digit offset, 5-digit generation, n/f, space and newline.
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}

/** Two decimals at most: exact enough (1/7200 in), and keeps content streams short. */
const num = (n: number) => String(Math.round(n * 100) / 100)

/** A literal string in WinAnsi bytes; non-ASCII bytes as octal escapes keep the file 7-bit. */
export function pdfString(text: string): string {
  const escaped = winAnsiBytes(text)
    .map((byte) => {
      if (byte === 0x28 || byte === 0x29 || byte === 0x5c) return '\\' + String.fromCharCode(byte)
      if (byte < 0x20 || byte > 0x7e) return '\\' + byte.toString(8).padStart(3, '0')
      return String.fromCharCode(byte)
    })
    .join('')
  return `(${escaped})`
}

/** Document metadata is UTF-16BE text (PDF spec 7.9.2.2): any title keeps its accents. */
function utf16String(text: string): string {
  const units = [...text].flatMap((char) => {
    const code = char.codePointAt(0) as number
    if (code <= 0xffff) return [code]
    const v = code - 0x10000
    return [0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff)]
  })
  return `<FEFF${units.map((u) => u.toString(16).padStart(4, '0').toUpperCase()).join('')}>`
}
