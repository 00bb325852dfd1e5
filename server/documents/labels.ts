/**
 * Label layouts, as PDF pages (any printer, through the print agent) and as ZPL (Zebra-style
 * label printers at 203 dpi, 8 dots per mm). Location and box labels: 100 × 50 mm, Code 128 of the
 * name above the name in large type. Product labels: 50 × 25 mm, name, SKU and EAN-13.
 */
import { barRuns, code128Width, drawCode128 } from './code128.ts'
import { EAN13_GUARDS, EAN13_MODULES, ean13Modules } from './ean13.ts'
import { MM, PageContent, type PdfPage } from './pdf.ts'
import { textWidth, truncateToWidth } from './font.ts'
import { zplText } from './zpl-text.ts'

export interface ProductLabel {
  sku: string
  ean13: string
  name: string
}

export const CODE_LABEL = { width: 100 * MM, height: 50 * MM }
export const PRODUCT_LABEL = { width: 50 * MM, height: 25 * MM }

/** A location or box label: the name as Code 128 and as text. */
export function codeLabelPage(name: string): PdfPage {
  const { width, height } = CODE_LABEL
  const margin = 4 * MM
  // As wide as fits, but no more than 0.7 mm a module: wider only wastes label.
  const bars = { module: 0.7 * MM, height: height - 22 * MM, maxWidth: width - 2 * margin }
  const page = new PageContent()
  drawCode128(page, name, (width - code128Width(name, bars)) / 2, 17 * MM, bars)
  const size = Math.min(30, ((width - 2 * margin) / textWidth(name, 1)) * 0.98)
  page.text(name, width / 2, 5 * MM, size, 'center')
  return { ...CODE_LABEL, content: page }
}

/** A product label: name (cut to fit), SKU, EAN-13 with guard bars and its digits. */
export function productLabelPage(product: ProductLabel): PdfPage {
  const { width, height } = PRODUCT_LABEL
  const margin = 2 * MM
  const page = new PageContent()
  page.text(truncateToWidth(product.name, 7, width - 2 * margin), margin, height - margin - 5, 7)
  page.text(product.sku, margin, height - margin - 14, 7)

  // 11 modules of quiet zone on the left (the first digit is printed there), 7 on the right.
  const module = Math.min(0.33 * MM, (width - 2 * margin) / (EAN13_MODULES + 18))
  const left = (width - (EAN13_MODULES + 18) * module) / 2 + 11 * module
  const bottom = 4 * MM
  const top = height - margin - 18
  const isGuard = (m: number) => EAN13_GUARDS.some(([from, n]) => m >= from && m < from + n)
  for (const [start, run] of barRuns(ean13Modules(product.ean13))) {
    // Guard bars reach down between the digit groups, as on every retail label.
    const y = isGuard(start) ? bottom - 1.5 * MM : bottom
    page.rect(left + start * module, y, run * module, top - y)
  }
  const digits = product.ean13
  const digitSize = 7
  const y = bottom - 1.3 * MM - digitSize * 0.5
  page.text(digits.slice(0, 1), left - 2 * module, y, digitSize, 'right')
  page.text(digits.slice(1, 7), left + 24 * module, y, digitSize, 'center')
  page.text(digits.slice(7), left + 71 * module, y, digitSize, 'center')
  return { ...PRODUCT_LABEL, content: page }
}

/**
 * ZPL field data, as given: ^FH makes _ the escape, so ^ ~ and _ itself go in as hex. Texts are put
 * in the letters the printer's font has (zpl-text.ts) where they are laid out, before they are cut
 * to their width ('щ' is 'shch'); a barcode's data is never changed.
 */
export const zplField = (text: string) =>
  '^FH_^FD' + text.replace(/[\^~_]/g, (c) => '_' + c.charCodeAt(0).toString(16).toUpperCase()) + '^FS'

/** ^CI28: field data is UTF-8, so accents print as typed. */
export function codeLabelZpl(name: string): string {
  // Narrower modules for longer names so the symbol stays on the 100 mm label.
  const moduleDots = name.length <= 12 ? 3 : name.length <= 20 ? 2 : 1
  return (
    `^XA^CI28^PW800^LL400` +
    `^FO50,40^BY${moduleDots}^BCN,200,N,N,N${zplField(name)}` +
    `^FO50,280^A0N,80,80${zplField(name)}^XZ\n`
  )
}

export function productLabelZpl(product: ProductLabel, copies: number): string {
  // ^BE takes the first 12 digits and prints its own check digit.
  return (
    `^XA^CI28^PW400^LL200` +
    `^FO16,12^A0N,24,20${zplField(truncateChars(zplText(product.name), 34))}` +
    `^FO16,40^A0N,24,20${zplField(product.sku)}` +
    `^FO60,72^BY2^BEN,80,Y,N^FD${product.ean13.slice(0, 12)}^FS` +
    `^PQ${copies}^XZ\n`
  )
}

const truncateChars = (text: string, max: number) =>
  [...text].length <= max
    ? text
    : [...text]
        .slice(0, max - 1)
        .join('')
        .trimEnd() + '…'
