/**
 * The carrier label of one parcel, 4 × 6 in (812 × 1218 dots at 203 dpi, the size every carrier
 * prints on thermal printers): carrier and service, sender and recipient, weight, order, parcel
 * n/N, date, and the tracking number as Code 128 with its text. Laid out once, in printer dots,
 * then drawn as ZPL (carrier-label-zpl.ts) and as PDF (carrier-label-pdf.ts), so both say and
 * place the same thing.
 */
import { code128Modules, QUIET_MODULES } from './code128.ts'
import { truncateToWidth } from './winansi.ts'
import { warehouseDate } from '../warehouse-time.ts'

export interface LabelAddress {
  name: string
  company?: string | null
  street: string
  street2?: string | null
  /** Missing on a bad order: the label prints without it (a carrier may refuse it first). */
  postalCode?: string | null
  city: string
  /** ISO 3166-1 alpha-2. */
  country: string
}

export interface CarrierLabelData {
  carrierName: string
  serviceName: string
  trackingNumber: string
  sender: LabelAddress
  recipient: LabelAddress
  weightGrams: number
  orderName: string
  /** 1-based: parcel `number` of `count` in the shipment. */
  parcel: { number: number; count: number }
  date: Date
}

export const LABEL_DOTS = { width: 812, height: 1218, dpi: 203 } as const

export type LabelItem =
  /** One line of text in a box `width` wide, aligned in it; `size` is the character height (ZPL ^A0). */
  | { kind: 'text'; x: number; top: number; width: number; size: number; text: string; align: Align }
  | { kind: 'rule'; x: number; top: number; width: number; thickness: number }
  /** `x` is the left edge of the quiet zone; bars start QUIET_MODULES modules further. */
  | { kind: 'code128'; x: number; top: number; height: number; module: number; text: string }

type Align = 'left' | 'center' | 'right'

export const LABEL_TEXTS = {
  sender: 'EXPÉDITEUR',
  recipient: 'DESTINATAIRE',
  weight: (kg: string) => `Poids : ${kg} kg`,
  order: (name: string) => `Commande ${name}`,
  parcel: (n: number, count: number) => `Colis ${n}/${count}`,
  // The numbers are valid in the carriers' real formats: a label printed in a demo must not be
  // mistaken for one that can travel.
  specimen: 'SPÉCIMEN – transporteur simulé, ne pas expédier',
} as const

const MARGIN = 32
const INNER = LABEL_DOTS.width - 2 * MARGIN

const frenchKg = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 3 })
const regionNames = new Intl.DisplayNames(['fr'], { type: 'region' })

/** Address lines as the French postal norm writes them: town line in capitals, country when abroad. */
export function addressLines(a: LabelAddress): string[] {
  const town = [a.postalCode?.trim(), a.city.trim().toUpperCase()].filter(Boolean).join(' ')
  const country = a.country.toUpperCase()
  return [
    a.name,
    a.company ?? '',
    a.street,
    a.street2 ?? '',
    town,
    country === 'FR' ? '' : (regionNames.of(country) ?? country).toUpperCase(),
  ]
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

export function carrierLabelLayout(data: CarrierLabelData): LabelItem[] {
  const items: LabelItem[] = []
  const text = (top: number, size: number, value: string, align: Align = 'left', x = MARGIN, width = INNER) =>
    items.push({ kind: 'text', x, top, width, size, align, text: truncateToWidth(value, size, width) })
  const rule = (top: number) => items.push({ kind: 'rule', x: MARGIN, top, width: INNER, thickness: 4 })
  const half = INNER / 2

  text(32, 64, data.carrierName, 'left', MARGIN, half + 100)
  text(40, 32, warehouseDate(data.date), 'right', MARGIN + half, half)
  text(108, 40, data.serviceName, 'left', MARGIN, half + 100)
  text(108, 40, LABEL_TEXTS.parcel(data.parcel.number, data.parcel.count), 'right', MARGIN + half, half)
  rule(164)

  text(184, 24, LABEL_TEXTS.sender)
  addressLines(data.sender)
    .slice(0, 5)
    .forEach((line, i) => text(214 + i * 32, 28, line))
  rule(384)

  text(400, 24, LABEL_TEXTS.recipient)
  addressLines(data.recipient)
    .slice(0, 6)
    .forEach((line, i) => text(432 + i * 52, 44, line))
  rule(760)

  text(780, 36, LABEL_TEXTS.weight(frenchKg.format(data.weightGrams / 1000)), 'left', MARGIN, half - 16)
  text(780, 36, LABEL_TEXTS.order(data.orderName), 'right', MARGIN + half - 16, half + 16)
  rule(840)

  items.push(trackingBarcode(data.trackingNumber, 868, 220))
  text(1100, 44, data.trackingNumber, 'center')
  text(1172, 22, LABEL_TEXTS.specimen, 'center')
  return items
}

/** Centred, 3 dots a module (0.375 mm, what carriers ask for), 2 if the number is too long for that. */
function trackingBarcode(number: string, top: number, height: number): LabelItem {
  const modules = code128Modules(number).length + 2 * QUIET_MODULES
  const module = modules * 3 <= INNER ? 3 : 2
  return {
    kind: 'code128',
    x: Math.round((LABEL_DOTS.width - modules * module) / 2),
    top,
    height,
    module,
    text: number,
  }
}
