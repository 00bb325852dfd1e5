/**
 * The paper each kind of document is drawn for, sent with the document (issue 16): a print agent
 * told nothing scales a 50 × 25 mm product label to whatever roll the driver assumes (×2 on a
 * 4 × 2 in roll) and may turn it; told the size, it prints the page as drawn.
 */
import type { DocumentSpec } from './token.ts'

export interface PageSize {
  widthMm: number
  heightMm: number
}

const A4: PageSize = { widthMm: 210, heightMm: 297 }
/** labels.ts CODE_LABEL and PRODUCT_LABEL; carrier-label.ts LABEL_DOTS (812 × 1218 dots at 203 dpi = 4 × 6 in). */
const SIZES: Record<DocumentSpec['kind'], PageSize | null> = {
  locations: { widthMm: 100, heightMm: 50 },
  boxes: { widthMm: 100, heightMm: 50 },
  products: { widthMm: 50, heightMm: 25 },
  'carrier-label': { widthMm: 101.6, heightMm: 152.4 },
  'pick-list': A4,
  'picking-commands': A4,
  'packing-slip': A4,
  'carrier-slip-manifest': A4,
  // A shop's own file: whatever size it was made in.
  'customization-file': null,
}

export const pageSizeOf = (kind: DocumentSpec['kind']): PageSize | null => SIZES[kind]
