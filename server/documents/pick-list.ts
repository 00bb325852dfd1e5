/**
 * The pick list (issue 12), A4: a header with the batch name as Code 128 (the session scans it),
 * then the lines in walk-path order. Mono lists group the lines by location and product (one unit
 * per order: the picker takes the total); multi lists give each line its tote slot and order, then
 * one slip per order to check the tote against. Gift messages and customizations show on both.
 * Text only, uncompressed: 200 orders render in a few milliseconds.
 */
import { NO_LOCATION } from '../picking/locations.ts'
import { A4, A4Flow, CONTENT_WIDTH, drawFrame, drawTickBox, MARGIN, wrapText } from './a4-flow.ts'
import type { PdfPage } from './pdf.ts'
import { byWalkPath, type PickListData, type PickListLine, type PickListOrder } from './pick-list-data.ts'
import { pickListHeader } from './pick-list-header.ts'
import { textWidth, truncateToWidth } from './font.ts'
import { warehouseFormat } from '../warehouse-time.ts'

export const pickListTitle = (batchName: string) => `Liste de picking ${batchName}`

const ROW = 15
const NOTE = 11
const X = (offset: number) => MARGIN + offset

interface Column {
  label: string
  x: number
  width: number
  align?: 'right'
}

const MONO_COLUMNS: Column[] = [
  { label: 'Emplacement', x: 16, width: 66 },
  { label: 'SKU', x: 86, width: 56 },
  { label: 'Produit', x: 144, width: 222 },
  { label: 'EAN', x: 370, width: 70 },
  { label: 'Qté', x: 470, width: 26, align: 'right' },
  { label: 'Cmdes', x: CONTENT_WIDTH, width: 30, align: 'right' },
]
const MULTI_COLUMNS: Column[] = [
  { label: 'Emplacement', x: 16, width: 66 },
  { label: 'SKU', x: 86, width: 56 },
  { label: 'Produit', x: 144, width: 190 },
  { label: 'Qté', x: 362, width: 26, align: 'right' },
  { label: 'Caisse', x: 396, width: 26, align: 'right' },
  { label: 'Commande', x: 410, width: CONTENT_WIDTH - 410 },
]

export function pickListPages(data: PickListData): PdfPage[] {
  const flow = new A4Flow()
  pickListHeader(flow, data)
  if (data.family === 'mono') monoTable(flow, data.lines)
  else {
    multiTable(flow, data.lines)
    slips(flow, data.orders)
  }
  return flow.finish(`${pickListTitle(data.batch.name)} · ${data.batch.shopName}`)
}

function tableHead(flow: A4Flow, columns: Column[]): void {
  const top = flow.reserve(ROW + 4)
  const y = top - 11
  for (const c of columns) flow.page.text(c.label, X(c.x), y, 8, c.align === 'right' ? 'right' : 'left')
  flow.page.rect(MARGIN, top - ROW - 1, CONTENT_WIDTH, 0.6)
}

/** A row of cells; the head is repeated at the top of every page the table runs onto. */
function row(flow: A4Flow, columns: Column[], cells: (string | null)[], notes: string[] = []): void {
  const height = ROW + notes.length * NOTE
  const pages = flow.pages.length
  const top = flow.reserve(height)
  if (flow.pages.length !== pages) {
    flow.y = top
    tableHead(flow, columns)
    return row(flow, columns, cells, notes)
  }
  const y = top - 11
  const page = flow.page
  drawTickBox(page, MARGIN + 1, y - 1.5, 9)
  columns.forEach((c, i) => {
    const text = cells[i]
    if (!text) return
    // The location reads big; 'Sans emplacement' shrinks to fit its column rather than be cut.
    const size = i === 0 ? Math.min(10, Math.max(7, (10 * c.width) / textWidth(text, 10))) : 9
    page.text(truncateToWidth(text, size, c.width), X(c.x), y, size, c.align === 'right' ? 'right' : 'left')
  })
  notes.forEach((note, i) => page.text(note, X(144), y - (i + 1) * NOTE, 8))
  page.rect(MARGIN, top - height - 1, CONTENT_WIDTH, 0.25)
}

/**
 * The notes of a line, cut to the product column's width and beyond. Mono rows group orders, so
 * each note names its order; a multi row is one order's line, whose gift message (one per order)
 * is on its slip rather than repeated on every line.
 */
function lineNotes(line: PickListLine, family: 'mono' | 'multi'): string[] {
  const who = family === 'mono' ? `${line.orderName} · ` : ''
  const width = CONTENT_WIDTH - 144
  const gift = family === 'mono' && line.giftMessage
  return [
    ...(gift ? wrapText(`${who}Message cadeau : « ${line.giftMessage} »`, 8, width, 2) : []),
    ...(line.customization ? wrapText(`${who}Personnalisation : ${line.customization}`, 8, width, 2) : []),
  ]
}

function monoTable(flow: A4Flow, lines: readonly PickListLine[]): void {
  tableHead(flow, MONO_COLUMNS)
  // Lines come in walk-path order: a group is a run of one location and one product.
  for (let i = 0; i < lines.length;) {
    const first = lines[i] as PickListLine
    let j = i
    let quantity = 0
    const orders = new Set<string>()
    const notes: string[] = []
    while (j < lines.length && lines[j]?.location === first.location && lines[j]?.sku === first.sku) {
      const line = lines[j] as PickListLine
      quantity += line.quantity
      orders.add(line.orderName)
      notes.push(...lineNotes(line, 'mono'))
      j++
    }
    const cells = [
      first.location ?? NO_LOCATION,
      first.sku,
      first.productName,
      first.ean13,
      `${quantity}`,
      `${orders.size}`,
    ]
    // A long run of notes is split over several rows, so no row is taller than a page.
    for (let k = 0; k === 0 || k < notes.length; k += 40)
      row(flow, MONO_COLUMNS, k === 0 ? cells : [], notes.slice(k, k + 40))
    i = j
  }
}

function multiTable(flow: A4Flow, lines: readonly PickListLine[]): void {
  tableHead(flow, MULTI_COLUMNS)
  for (const line of lines) {
    const cells = [
      line.location ?? NO_LOCATION,
      line.sku,
      line.productName,
      `${line.quantity}`,
      `${line.slot}`,
      line.orderName,
    ]
    row(flow, MULTI_COLUMNS, cells, lineNotes(line, 'multi'))
  }
}

/** Day and time in the warehouse's time zone (WAREHOUSE_TIME_ZONE, warehouse-time.ts). */
const when = () =>
  warehouseFormat('fr-FR', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' })
const PRIORITY = ['', 'Prioritaire', 'Urgente']

/** One slip per order, never cut over two pages: what goes in its tote slot. */
function slips(flow: A4Flow, orders: readonly PickListOrder[]): void {
  // The slips start a page of their own: they are cut out and go with the totes.
  flow.newPage()
  const top = flow.reserve(24)
  flow.page.text('Bons de commande : un par caisse', MARGIN, top - 16, 13)
  for (const order of orders) {
    const gifts = [...new Set(order.lines.flatMap((l) => (l.giftMessage ? [l.giftMessage] : [])))]
    const notes = [
      ...gifts.flatMap((g) => wrapText(`Message cadeau : « ${g} »`, 9, CONTENT_WIDTH - 20, 3)),
      ...order.lines.flatMap((l) =>
        l.customization
          ? wrapText(`Personnalisation ${l.sku} : ${l.customization}`, 9, CONTENT_WIDTH - 20, 3)
          : [],
      ),
    ]
    const height = 34 + order.lines.length * 13 + notes.length * 12 + 8
    const y0 = flow.reserve(height)
    const page = flow.page
    const cancelled = order.status === 'cancelled' ? ' — ANNULÉE' : ''
    // 'Caisse', the screen's word for the crate the order goes in (CAISSE-…): one name for one thing.
    drawFrame(page, MARGIN, y0 - 20, 64, 17, 1)
    page.text(`Caisse ${order.slot}`, MARGIN + 32, y0 - 15, 11, 'center')
    page.text(`${order.name}${cancelled}`, MARGIN + 72, y0 - 15, 12)
    page.text(truncateToWidth(order.customer, 10, 170), MARGIN + 210, y0 - 15, 10)
    page.text(order.carrier ?? '', A4.width - MARGIN, y0 - 15, 10, 'right')
    const meta = [
      order.shipBy ? `À expédier avant le ${when().format(order.shipBy)}` : null,
      PRIORITY[order.priority] ?? (order.priority > 0 ? 'Prioritaire' : null),
    ].filter(Boolean)
    page.text(meta.join(' · '), MARGIN + 72, y0 - 28, 8)
    let y = y0 - 34
    for (const line of [...order.lines].sort(byWalkPath)) {
      y -= 13
      drawTickBox(page, MARGIN + 20, y - 1, 8)
      page.text(line.location ?? NO_LOCATION, MARGIN + 34, y, 9)
      page.text(line.sku, MARGIN + 104, y, 9)
      page.text(truncateToWidth(line.productName, 9, 300), MARGIN + 160, y, 9)
      page.text(`× ${line.quantity}`, A4.width - MARGIN, y, 10, 'right')
    }
    for (const note of notes) {
      y -= 12
      page.text(note, MARGIN + 20, y, 9)
    }
    page.rect(MARGIN, y0 - height + 3, CONTENT_WIDTH, 0.4)
  }
}
