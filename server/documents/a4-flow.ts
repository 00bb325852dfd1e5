/**
 * A4 portrait documents that flow: blocks are placed top to bottom and a block that does not fit
 * starts the next page, so a row or an order slip is never cut in two. Every page gets a running
 * header and footer once the page count is known (page n / N).
 */
import { MM, PageContent, type PdfPage } from './pdf.ts'
import { textWidth, truncateToWidth } from './font.ts'

export const A4 = { width: 210 * MM, height: 297 * MM }
export const MARGIN = 12 * MM
export const CONTENT_WIDTH = A4.width - 2 * MARGIN

export class A4Flow {
  readonly pages: PageContent[] = []
  /** Baseline-free cursor: the top of the next block, in points from the bottom. */
  y = 0
  private readonly top: number
  private readonly bottom = MARGIN + 14

  /** `headerHeight`: room kept on every page for the running header. */
  constructor(headerHeight = 18) {
    this.top = A4.height - MARGIN - headerHeight
    this.newPage()
  }

  get page(): PageContent {
    return this.pages[this.pages.length - 1] as PageContent
  }

  newPage(): PageContent {
    this.pages.push(new PageContent())
    this.y = this.top
    return this.page
  }

  /** Room for `height` points, on this page or a new one; answers the block's top. */
  reserve(height: number): number {
    if (this.y - height < this.bottom && this.y < this.top) this.newPage()
    const top = this.y
    this.y -= height
    return top
  }

  /** The finished pages, each with `header` on the left and "page n / N" on the right, top and bottom. */
  finish(header: string): PdfPage[] {
    const count = this.pages.length
    return this.pages.map((page, i) => {
      const folio = `page ${i + 1} / ${count}`
      const y = A4.height - MARGIN - 8
      page.text(truncateToWidth(header, 9, CONTENT_WIDTH - 80), MARGIN, y, 9)
      page.text(folio, A4.width - MARGIN, y, 9, 'right')
      page.rect(MARGIN, y - 5, CONTENT_WIDTH, 0.6)
      page.text(folio, A4.width - MARGIN, MARGIN, 8, 'right')
      return { ...A4, content: page }
    })
  }
}

/** A frame of thin bars (the writer only fills), bottom left at (x, y). */
export function drawFrame(
  page: PageContent,
  x: number,
  y: number,
  width: number,
  height: number,
  t = 0.6,
): void {
  page
    .rect(x, y, width, t)
    .rect(x, y + height - t, width, t)
    .rect(x, y, t, height)
    .rect(x + width - t, y, t, height)
}

/** An empty box to tick by hand. */
export const drawTickBox = (page: PageContent, x: number, y: number, size: number) =>
  drawFrame(page, x, y, size, size)

/** Words laid on lines of at most `maxWidth` (a word wider than a line is cut), at most `maxLines`. */
export function wrapText(text: string, size: number, maxWidth: number, maxLines = 3): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (textWidth(candidate, size) <= maxWidth || !line) line = candidate
    else {
      lines.push(line)
      line = word
    }
  }
  if (line) lines.push(line)
  const kept = lines.slice(0, maxLines)
  if (lines.length > maxLines) kept[maxLines - 1] = `${kept[maxLines - 1]} …`
  return kept.map((l) => truncateToWidth(l, size, maxWidth))
}
