/**
 * The packing slip of an order (issue 13, printed with its labels at the multi packing station),
 * A4: the order's name as Code 128 (a return is found by scanning it), sender and recipient, the
 * parcels with their box, weight and tracking number, then each line with what was ordered, what
 * ships and in which parcel, and the gift message in a frame of its own. It goes in the first
 * parcel; the recipient is the order's ship-to, as on the label (shipping/label-parties.ts).
 */
import { WAREHOUSE_ADDRESS } from '../shipping/label-parties.ts'
import { A4Flow, CONTENT_WIDTH, drawFrame, MARGIN, wrapText } from './a4-flow.ts'
import { addressLines } from './carrier-label.ts'
import { orderHead, orderedOn } from './order-head.ts'
import type { PdfPage } from './pdf.ts'
import type { PackingSlipData, PackingSlipLine } from './packing-slip-data.ts'
import { truncateToWidth } from './font.ts'

export const packingSlipTitle = (orderName: string) => `Bon de livraison ${orderName}`

const ROW = 15
const X = (offset: number) => MARGIN + offset
const kg = (grams: number) => `${String(grams / 1000).replace('.', ',')} kg`

export function packingSlipPages(data: PackingSlipData): PdfPage[] {
  const flow = new A4Flow()
  header(flow, data)
  addresses(flow, data)
  parcels(flow, data)
  lines(flow, data.lines)
  gift(flow, data.giftMessages)
  return flow.finish(`${packingSlipTitle(data.order.name)} · ${data.order.shopName}`)
}

function header(flow: A4Flow, { order, parcels }: PackingSlipData): void {
  orderHead(flow, order.name, 'Bon de livraison', [
    `Boutique : ${order.shopName}`,
    orderedOn(order.createdAt),
    `${order.carrier ?? 'Sans transporteur'} · ${parcels.length} colis`,
  ])
}

function addresses(flow: A4Flow, { order }: PackingSlipData): void {
  const blocks: [string, string[]][] = [
    ['Expéditeur', addressLines(WAREHOUSE_ADDRESS)],
    ['Destinataire', [...addressLines(order.shipTo), order.shipTo.phone ?? '', order.shipTo.email ?? '']],
  ]
  const height = 14 + 12 * Math.max(...blocks.map(([, l]) => l.length)) + 8
  const top = flow.reserve(height)
  blocks.forEach(([title, said], i) => {
    const x = MARGIN + i * (CONTENT_WIDTH / 2)
    flow.page.text(title, x, top - 11, 9)
    said
      .filter(Boolean)
      .forEach((line, k) =>
        flow.page.text(truncateToWidth(line, 10, CONTENT_WIDTH / 2 - 10), x, top - 25 - k * 12, 10),
      )
  })
}

function tableHead(flow: A4Flow, columns: [string, number][]): void {
  const top = flow.reserve(ROW + 4)
  for (const [label, x] of columns) flow.page.text(label, X(x), top - 11, 8)
  flow.page.rect(MARGIN, top - ROW - 1, CONTENT_WIDTH, 0.6)
}

function parcels(flow: A4Flow, { parcels: list }: PackingSlipData): void {
  if (list.length === 0) return
  const columns: [string, number][] = [
    ['Colis', 0],
    ['Emballage', 50],
    ['Poids', 200],
    ['Numéro de suivi', 280],
  ]
  tableHead(flow, columns)
  for (const p of list) {
    const y = flow.reserve(ROW) - 11
    const cells = [`${p.seq}`, p.box, kg(p.weightGrams), p.trackingNumber ?? '—']
    cells.forEach((text, i) => flow.page.text(truncateToWidth(text, 9, 140), X(columns[i]?.[1] ?? 0), y, 9))
  }
  flow.reserve(10)
}

const LINE_COLUMNS: [string, number][] = [
  ['SKU', 0],
  ['Produit', 70],
  ['Commandé', 330],
  ['Expédié', 385],
  ['Colis', 435],
]

function lines(flow: A4Flow, list: readonly PackingSlipLine[]): void {
  tableHead(flow, LINE_COLUMNS)
  for (const line of list) {
    const notes = line.customization
      ? wrapText(`Personnalisation : ${line.customization}`, 8, CONTENT_WIDTH - 70, 2)
      : []
    const height = ROW + notes.length * 11
    const top = flow.reserve(height)
    const y = top - 11
    const shipped = line.parcels.reduce((sum, p) => sum + p.quantity, 0)
    const where = line.parcels.map((p) => `n° ${p.seq} × ${p.quantity}`).join(' · ')
    const page = flow.page
    page.text(line.sku, X(0), y, 9)
    page.text(truncateToWidth(line.name, 9, 250), X(70), y, 9)
    page.text(`${line.quantity}`, X(370), y, 9, 'right')
    page.text(`${shipped}`, X(420), y, 9, 'right')
    page.text(truncateToWidth(where, 8, CONTENT_WIDTH - 435), X(435), y, 8)
    notes.forEach((note, i) => page.text(note, X(70), y - (i + 1) * 11, 8))
    page.rect(MARGIN, top - height - 1, CONTENT_WIDTH, 0.25)
  }
}

function gift(flow: A4Flow, messages: readonly string[]): void {
  if (messages.length === 0) return
  const said = messages.flatMap((m) => wrapText(`« ${m} »`, 11, CONTENT_WIDTH - 20, 6))
  flow.reserve(12)
  const height = 24 + said.length * 14
  const top = flow.reserve(height)
  drawFrame(flow.page, MARGIN, top - height, CONTENT_WIDTH, height, 0.8)
  flow.page.text('Message cadeau', MARGIN + 10, top - 15, 9)
  said.forEach((line, i) => flow.page.text(line, MARGIN + 10, top - 30 - i * 14, 11))
}
