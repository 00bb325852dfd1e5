/**
 * The carrier label as ZPL for 203 dpi thermal printers: the layout of carrier-label.ts, each text
 * in a one-line field block that aligns it, the tracking number as a Code 128 the printer draws.
 */
import { type CarrierLabelData, carrierLabelLayout, LABEL_DOTS, type LabelItem } from './carrier-label.ts'
import { QUIET_MODULES } from './code128.ts'
import { zplField } from './labels.ts'
import { zplText } from './zpl-text.ts'

const JUSTIFY = { left: 'L', center: 'C', right: 'R' } as const

function itemZpl(item: LabelItem): string {
  const x = Math.round(item.x)
  switch (item.kind) {
    case 'text':
      return `^FO${x},${item.top}^A0N,${item.size},${item.size}^FB${Math.round(item.width)},1,0,${JUSTIFY[item.align]}${zplField(item.text)}`
    case 'rule':
      return `^FO${x},${item.top}^GB${Math.round(item.width)},${item.thickness},${item.thickness}^FS`
    case 'code128':
      // Mode A: the printer packs digit runs in code set C, as code128.ts does for the PDF, so the
      // symbol has the width the layout centred. No interpretation line: the layout prints its own.
      return (
        `^FO${x + QUIET_MODULES * item.module},${item.top}^BY${item.module}` +
        `^BCN,${item.height},N,N,N,A${zplField(item.text)}`
      )
  }
}

/** ^CI28: field data is UTF-8, so the accents of French addresses print as typed. */
export function carrierLabelZpl(data: CarrierLabelData): string {
  const body = carrierLabelLayout(data, zplText).map(itemZpl).join('\n')
  return `^XA\n^CI28^PW${LABEL_DOTS.width}^LL${LABEL_DOTS.height}^LH0,0\n${body}\n^XZ\n`
}
