/**
 * A closed carrier slip's manifest (issue 13), A4: the slip number as Code 128 (the dock may scan
 * it) and as text, the group, carrier, pickup time, when and by whom it was closed, then one row
 * per parcel (tracking number, order, shop, recipient, parcel, declared weight), the totals, and the two
 * signature boxes the warehouse and the carrier's driver sign when the parcels change hands.
 */
import { A4Flow, CONTENT_WIDTH, drawFrame, MARGIN } from './a4-flow.ts'
import { drawCode128 } from './code128.ts'
import type { ManifestData, ManifestParcel } from './manifest-data.ts'
import { MM, type PdfPage } from './pdf.ts'
import { truncateToWidth } from './font.ts'
import { warehouseDateTime } from '../warehouse-time.ts'

export const manifestTitle = (slipNumber: string) => `Bordereau transport ${slipNumber}`

const ROW = 14
/** Kilograms with two decimals, no thousands separator (the font has no narrow space). */
export const kilograms = (grams: number) =>
  `${(grams / 1000).toLocaleString('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false })} kg`
const parcelsText = (n: number) => `${n} colis`

const COLUMNS = [
  { label: 'N°', x: 18, width: 18, align: 'right' as const },
  { label: 'Numéro de suivi', x: 24, width: 118 },
  { label: 'Commande', x: 146, width: 66 },
  { label: 'Boutique', x: 216, width: 76 },
  { label: 'Destinataire', x: 296, width: 150 },
  { label: 'Colis', x: 452, width: 24 },
  { label: 'Poids', x: CONTENT_WIDTH, width: 56, align: 'right' as const },
]

/** 'Léa Dubois · 75019 PARIS', the country's code when abroad: what a driver checks a parcel by. */
export function recipientCell({ name, postcode, city, country }: ManifestParcel['recipient']): string {
  const town = [postcode, city?.toUpperCase(), country && country !== 'FR' ? `(${country})` : '']
  return [name, town.filter(Boolean).join(' ')].filter(Boolean).join(' · ')
}

export function manifestPages(data: ManifestData): PdfPage[] {
  const flow = new A4Flow()
  header(flow, data)
  tableHead(flow)
  data.parcels.forEach((p, i) => {
    const pages = flow.pages.length
    const top = flow.reserve(ROW)
    if (flow.pages.length !== pages) {
      flow.y = top
      tableHead(flow)
      flow.reserve(ROW)
    }
    const y = flow.y + 5
    const cells = [
      `${i + 1}`,
      p.trackingNumber,
      p.order,
      p.shop,
      recipientCell(p.recipient),
      `${p.seq}`,
      kilograms(p.weightGrams),
    ]
    COLUMNS.forEach((c, k) =>
      flow.page.text(truncateToWidth(cells[k] as string, 9, c.width), MARGIN + c.x, y, 9, c.align ?? 'left'),
    )
    flow.page.rect(MARGIN, flow.y, CONTENT_WIDTH, 0.25)
  })
  const top = flow.reserve(ROW + 6)
  flow.page.rect(MARGIN, top - 2, CONTENT_WIDTH, 0.8)
  flow.page.text(`Total : ${parcelsText(data.parcelCount)}`, MARGIN, top - 14, 11)
  flow.page.text(kilograms(data.totalWeightGrams), MARGIN + CONTENT_WIDTH, top - 14, 11, 'right')
  signatures(flow, data)
  return flow.finish(`${manifestTitle(data.number)} · ${data.carrierName}`)
}

function header(flow: A4Flow, data: ManifestData): void {
  const height = 38 * MM
  const top = flow.reserve(height)
  const page = flow.page
  drawCode128(page, data.number, MARGIN - 4 * MM, top - 16 * MM, {
    module: 0.35 * MM,
    height: 14 * MM,
    maxWidth: 95 * MM,
  })
  page.text(data.number, MARGIN, top - 23 * MM, 14)
  const x = MARGIN + 100 * MM
  const width = CONTENT_WIDTH - 100 * MM
  page.text('Bordereau de remise transporteur', x, top - 6 * MM, 13)
  const lines = [
    `Transporteur : ${data.carrierName}`,
    `${data.groupName} · enlèvement à ${data.pickupTime}`,
    `Clôturé le ${warehouseDateTime(data.closedAt)}${data.closedBy ? ` par ${data.closedBy}` : ''}`,
    `${parcelsText(data.parcelCount)} · ${kilograms(data.totalWeightGrams)}`,
  ]
  lines.forEach((line, i) => page.text(truncateToWidth(line, 10, width), x, top - 12 * MM - i * 12, 10))
  page.rect(MARGIN, top - height + 2 * MM, CONTENT_WIDTH, 1)
}

function tableHead(flow: A4Flow): void {
  const top = flow.reserve(ROW + 4)
  for (const c of COLUMNS) flow.page.text(c.label, MARGIN + c.x, top - 11, 8, c.align ?? 'left')
  flow.page.rect(MARGIN, top - ROW - 1, CONTENT_WIDTH, 0.6)
}

/** The hand-over: both parties name, date and sign; the driver writes how many parcels they took. */
function signatures(flow: A4Flow, data: ManifestData): void {
  const height = 48 * MM
  const top = flow.reserve(height + 6 * MM) - 6 * MM
  const width = (CONTENT_WIDTH - 8 * MM) / 2
  const boxes = [
    { x: MARGIN, title: "Remis par l'entrepôt", lines: ['Nom :', 'Date et heure :', 'Signature :'] },
    {
      x: MARGIN + width + 8 * MM,
      title: `Pris en charge par ${data.carrierName}`,
      lines: ['Nom du chauffeur :', `Colis reçus : ____ / ${data.parcelCount}`, 'Signature :'],
    },
  ]
  for (const box of boxes) {
    drawFrame(flow.page, box.x, top - height, width, height, 0.8)
    flow.page.text(truncateToWidth(box.title, 11, width - 6 * MM), box.x + 3 * MM, top - 7 * MM, 11)
    box.lines.forEach((line, i) => flow.page.text(line, box.x + 3 * MM, top - (15 + i * 9) * MM, 9))
  }
}
