/**
 * The demo's customization files, drawn when their link is fetched (migration 0014's generator):
 * - 'proof', the 'bon à tirer' of one line: an SVG (image/svg+xml, shown by an <img>, no image
 *   library needed) of the plate with the text to engrave, the product and the shop's reference;
 * - 'sheet', the order's one-page 'fiche de personnalisation' (PDF, printed at the workshop): the
 *   order as Code 128, then each customised line with its text and boxes to tick.
 * A file the shop sent is answered as stored.
 */
import { A4Flow, CONTENT_WIDTH, drawTickBox, MARGIN, wrapText } from './a4-flow.ts'
import type { CustomizationFileData, CustomizedLine } from './customization-file-data.ts'
import { orderHead, orderedOn } from './order-head.ts'
import { pdfDocument, type PdfPage } from './pdf.ts'
import type { RenderedDocument } from './render.ts'
import { truncateToWidth } from './font.ts'

const customizationSheetTitle = (orderName: string) => `Fiche de personnalisation ${orderName}`

/** The words between « », which is what goes on the product; else the text before its reference. */
export function engravingOf(text: string): string {
  const quoted = /«\s*([^»]+?)\s*»/.exec(text)?.[1]
  return quoted ?? text.split(' · ')[0]?.trim() ?? text
}

const xml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  )

/** The proof of one line: 800 × 500, the engraving as large as fits. */
export function proofSvg(order: CustomizationFileData['order'], line: CustomizedLine): string {
  const engraving = engravingOf(line.text)
  const size = Math.max(22, Math.min(64, Math.floor(1100 / Math.max(engraving.length, 8))))
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500" role="img"`,
    ` aria-label="${xml(`Bon à tirer ${order.name} : ${engraving}`)}">`,
    `<rect width="800" height="500" fill="#ffffff"/>`,
    `<text x="40" y="56" font-family="Helvetica, Arial, sans-serif" font-size="22" fill="#1f2937">`,
    `Bon à tirer · ${xml(order.name)} · ligne ${line.rank}</text>`,
    `<text x="40" y="88" font-family="Helvetica, Arial, sans-serif" font-size="18" fill="#4b5563">`,
    `${xml(`${line.name} (${line.sku})`)} × ${line.quantity}</text>`,
    `<rect x="60" y="130" width="680" height="220" rx="28" fill="#d6b370" stroke="#8a6d2f" stroke-width="6"/>`,
    `<text x="400" y="${240 + size / 3}" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif"`,
    ` font-style="italic" font-size="${size}" fill="#3b2a0b">${xml(engraving)}</text>`,
    `<text x="40" y="410" font-family="Helvetica, Arial, sans-serif" font-size="16" fill="#1f2937">`,
    `${xml(line.text)}</text>`,
    `<text x="40" y="450" font-family="Helvetica, Arial, sans-serif" font-size="14" fill="#6b7280">`,
    `${xml(`${order.shopName} · client ${order.customer}`)}</text>`,
    `</svg>`,
  ].join('')
}

/** The job sheet: one A4 page (more only for an order of many customised lines). */
function customizationSheetPages({ order, lines }: CustomizationFileData): PdfPage[] {
  const flow = new A4Flow()
  orderHead(flow, order.name, 'Fiche de personnalisation', [
    `Boutique : ${order.shopName}`,
    `Client : ${order.customer}`,
    orderedOn(order.createdAt),
  ])

  for (const line of lines) {
    const notes = wrapText(line.text, 11, CONTENT_WIDTH - 20, 3)
    const height = 34 + notes.length * 14 + 24
    const y = flow.reserve(height) - 14
    const p = flow.page
    p.text(`Ligne ${line.rank} · ${line.sku} · ${line.quantity} unité(s)`, MARGIN, y, 10)
    p.text(truncateToWidth(line.name, 10, CONTENT_WIDTH - 150), MARGIN + 150, y, 10)
    p.text(truncateToWidth(`« ${engravingOf(line.text)} »`, 16, CONTENT_WIDTH), MARGIN + 10, y - 22, 16)
    notes.forEach((note, i) => p.text(note, MARGIN + 10, y - 40 - i * 14, 11))
    const ticks = y - 44 - notes.length * 14
    for (const [i, label] of ['Réalisé', 'Contrôlé'].entries()) {
      drawTickBox(p, MARGIN + 10 + i * 110, ticks - 2, 10)
      p.text(label, MARGIN + 26 + i * 110, ticks, 10)
    }
    p.rect(MARGIN, ticks - 10, CONTENT_WIDTH, 0.4)
  }
  return flow.finish(`${customizationSheetTitle(order.name)} · ${order.shopName}`)
}

/** A name any HTTP header and file system takes: accents dropped, anything else a hyphen. */
export const asciiFilename = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120) || 'fichier'

/** The file's bytes; null when a proof's line is no longer customised (nothing to draw). */
export function customizationDocument(data: CustomizationFileData): RenderedDocument | null {
  const filename = asciiFilename(data.name)
  if (data.content !== null) return { body: data.content, contentType: data.mimeType, filename }
  if (data.generator === 'proof') {
    const line = data.lines[0]
    if (!line) return null
    return { body: Buffer.from(proofSvg(data.order, line), 'utf8'), contentType: data.mimeType, filename }
  }
  if (data.lines.length === 0) return null
  const title = customizationSheetTitle(data.order.name)
  return { body: pdfDocument(customizationSheetPages(data), { title }), contentType: data.mimeType, filename }
}
