/**
 * The carrier label of one parcel, 4 × 6 in (812 × 1218 dots at 203 dpi, the size every carrier
 * prints on thermal printers): carrier and service, sender and recipient, weight, order, parcel
 * n/N, date, and the tracking number as Code 128 with its text. Laid out once, in printer dots,
 * then drawn as ZPL (carrier-label-zpl.ts) and as PDF (carrier-label-pdf.ts), so both say and
 * place the same thing.
 */
import { code128Modules, QUIET_MODULES } from './code128.ts'
import { truncateToWidth } from './font.ts'
import type { Address } from '../orders/intake/address.ts'
import { warehouseDate } from '../warehouse-time.ts'

/** An address as the order stores it (orders/ship-to.ts): the sender's and the recipient's. */
export type LabelAddress = Address

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

/** Countries whose post writes the region and postcode after the town: 'AUSTIN TX 78701'. */
const TOWN_REGION_POSTCODE = new Set(['US', 'CA', 'AU'])
/** Countries whose post writes the postcode on a line of its own, under the town. */
const POSTCODE_BELOW = new Set(['GB', 'IE'])

/**
 * Address lines as the post of the recipient's country writes them (UPU S42): the town line in
 * capitals, with the postcode before it (most of Europe), after it with the region (North America,
 * Australia) or under it (the United Kingdom, Ireland); a region elsewhere on a line of its own;
 * the country in French capitals when abroad from France.
 */
export function addressLines(a: LabelAddress): string[] {
  const country = a.country.toUpperCase()
  const city = a.city.trim().toUpperCase()
  const postcode = a.postcode?.trim() ?? ''
  const region = a.region?.trim() ?? ''
  const townLines = TOWN_REGION_POSTCODE.has(country)
    ? [[city, region.toUpperCase(), postcode].filter(Boolean).join(' ')]
    : POSTCODE_BELOW.has(country)
      ? [city, postcode]
      : [[postcode, city].filter(Boolean).join(' ')]
  return [
    a.name,
    a.company ?? '',
    a.line1,
    a.line2 ?? '',
    a.line3 ?? '',
    ...townLines,
    TOWN_REGION_POSTCODE.has(country) ? '' : region,
    country === 'FR' ? '' : (regionNames.of(country) ?? country).toUpperCase(),
  ]
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

/** The recipient's block on the label: at most this many lines, the phone last. */
const RECIPIENT_LINES = 9

/**
 * `script`: how the output writes text before it is measured and cut (the ZPL writes Greek and
 * Cyrillic in Latin letters, which are longer: 'щ' is 'shch'); the PDF keeps it as it is.
 */
export function carrierLabelLayout(
  data: CarrierLabelData,
  script: (text: string) => string = (t) => t,
): LabelItem[] {
  const items: LabelItem[] = []
  const text = (top: number, size: number, value: string, align: Align = 'left', x = MARGIN, width = INNER) =>
    items.push({
      kind: 'text',
      x,
      top,
      width,
      size,
      align,
      text: truncateToWidth(script(value), size, width),
    })
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
  // Six lines at the size carriers' sorters read best; a longer address (a company, three street
  // lines, a region, the phone) closer and smaller, in the same 320 dots.
  const recipient = [
    ...addressLines(data.recipient),
    data.recipient.phone ? `Tél. ${data.recipient.phone}` : '',
  ]
    .filter((line) => line !== '')
    .slice(0, RECIPIENT_LINES)
  const step = Math.min(52, Math.floor(320 / recipient.length))
  recipient.forEach((line, i) => text(432 + i * step, Math.min(44, step - 8), line))
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
