/**
 * The carrier label as a one-page PDF, 4 × 6 in (288 × 432 pt), for printers without ZPL and for
 * people: the layout of carrier-label.ts converted from printer dots to points.
 */
import { type CarrierLabelData, carrierLabelLayout, LABEL_DOTS, type LabelItem } from './carrier-label.ts'
import { drawCode128 } from './code128.ts'
import { PageContent, pdfDocument, type PdfPage } from './pdf.ts'

/** Points per printer dot (72 pt, 203 dots to the inch). */
const PT = 72 / LABEL_DOTS.dpi
/** ZPL places text by the top of its cell; PDF by its baseline, about 0.8 of the cell lower. */
const BASELINE = 0.8

const y = (dotsFromTop: number) => (LABEL_DOTS.height - dotsFromTop) * PT

function drawItem(page: PageContent, item: LabelItem): void {
  switch (item.kind) {
    case 'text': {
      const anchor =
        item.align === 'left'
          ? item.x
          : item.align === 'center'
            ? item.x + item.width / 2
            : item.x + item.width
      page.text(item.text, anchor * PT, y(item.top + BASELINE * item.size), item.size * PT, item.align)
      return
    }
    case 'rule':
      page.rect(item.x * PT, y(item.top + item.thickness), item.width * PT, item.thickness * PT)
      return
    case 'code128':
      drawCode128(page, item.text, item.x * PT, y(item.top + item.height), {
        module: item.module * PT,
        height: item.height * PT,
        maxWidth: LABEL_DOTS.width * PT,
      })
  }
}

export function carrierLabelPage(data: CarrierLabelData): PdfPage {
  const page = new PageContent()
  for (const item of carrierLabelLayout(data)) drawItem(page, item)
  return { width: LABEL_DOTS.width * PT, height: LABEL_DOTS.height * PT, content: page }
}

export const carrierLabelTitle = (data: Pick<CarrierLabelData, 'carrierName' | 'trackingNumber'>) =>
  `Étiquette ${data.carrierName} ${data.trackingNumber}`

export const carrierLabelPdf = (data: CarrierLabelData): Buffer =>
  pdfDocument([carrierLabelPage(data)], { title: carrierLabelTitle(data) })
