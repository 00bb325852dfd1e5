/**
 * The head of an A4 document about one order (the packing slip, the customization job sheet): the
 * order's name as Code 128 (a desk scans it to find the order) and as text, then on the right the
 * document's title and what it says of the order, over a rule.
 */
import { type A4Flow, CONTENT_WIDTH, MARGIN } from './a4-flow.ts'
import { drawCode128 } from './code128.ts'
import { MM } from './pdf.ts'
import { truncateToWidth } from './font.ts'
import { warehouseDate } from '../warehouse-time.ts'

/** 'Commande du 20/11/2025': the day the order was placed, in the warehouse's time zone. */
export const orderedOn = (createdAt: Date) => `Commande du ${warehouseDate(createdAt)}`

/** `said`: up to three short lines, each cut to the room on the right. */
export function orderHead(flow: A4Flow, orderName: string, title: string, said: readonly string[]): void {
  const top = flow.reserve(30 * MM)
  const page = flow.page
  drawCode128(page, orderName, MARGIN - 4 * MM, top - 14 * MM, {
    module: 0.35 * MM,
    height: 12 * MM,
    maxWidth: 90 * MM,
  })
  page.text(orderName, MARGIN, top - 20 * MM, 14)
  const x = MARGIN + 100 * MM
  page.text(title, x, top - 6 * MM, 16)
  said.forEach((line, i) => page.text(truncateToWidth(line, 10, 80 * MM), x, top - 13 * MM - i * 12, 10))
  page.rect(MARGIN, top - 28 * MM, CONTENT_WIDTH, 1)
}
