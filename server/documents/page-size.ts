/**
 * The paper each kind of document is drawn for, sent with the document (issue 16): a print agent
 * told nothing scales a 50 × 25 mm product label to whatever roll the driver assumes (×2 on a
 * 4 × 2 in roll) and may turn it; told the size, it prints the page as drawn. Read off the
 * layouts themselves, so a layout that changes size says so here too.
 */
import { A4 } from './a4-flow.ts'
import { LABEL_DOTS } from './carrier-label.ts'
import { CODE_LABEL, PRODUCT_LABEL } from './labels.ts'
import { MM } from './pdf.ts'
import type { DocumentSpec } from './token.ts'

const round = (mm: number) => Math.round(mm * 10) / 10
/** A PDF page's size, in points. */
const fromPoints = (page: { width: number; height: number }) => ({
  widthMm: round(page.width / MM),
  heightMm: round(page.height / MM),
})
const a4 = fromPoints(A4)

const SIZES: Record<DocumentSpec['kind'], { widthMm: number; heightMm: number } | null> = {
  locations: fromPoints(CODE_LABEL),
  boxes: fromPoints(CODE_LABEL),
  products: fromPoints(PRODUCT_LABEL),
  // Drawn in printer dots (ZPL), the PDF at the same size.
  'carrier-label': {
    widthMm: round((LABEL_DOTS.width / LABEL_DOTS.dpi) * 25.4),
    heightMm: round((LABEL_DOTS.height / LABEL_DOTS.dpi) * 25.4),
  },
  'pick-list': a4,
  'picking-commands': a4,
  'packing-slip': a4,
  'carrier-slip-manifest': a4,
  // A shop's own file: whatever size it was made in.
  'customization-file': null,
}

export const pageSizeOf = (kind: DocumentSpec['kind']) => SIZES[kind]
