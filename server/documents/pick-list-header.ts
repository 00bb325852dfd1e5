/**
 * The first page's head of a pick list: the batch name as Code 128 (the picking session scans it
 * to open the batch) and as text, then what the list is: shop, picking type or campaign, when and
 * by whom it was printed, how many orders and units.
 */
import { PICKING_TYPE_LABELS } from '../../contract/index.ts'
import { type A4Flow, CONTENT_WIDTH, MARGIN } from './a4-flow.ts'
import { drawCode128 } from './code128.ts'
import { MM } from './pdf.ts'
import type { PickListData } from './pick-list-data.ts'
import { truncateToWidth } from './font.ts'
import { warehouseDateTime } from '../warehouse-time.ts'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

export function pickListHeader(flow: A4Flow, data: PickListData): void {
  const { batch } = data
  const height = 34 * MM
  const top = flow.reserve(height)
  const page = flow.page
  // 0.4 mm modules and 14 mm bars: read at arm's length by any handheld.
  drawCode128(page, batch.name, MARGIN - 4 * MM, top - 16 * MM, {
    module: 0.4 * MM,
    height: 14 * MM,
    maxWidth: 100 * MM,
  })
  page.text(batch.name, MARGIN, top - 23 * MM, 16)

  const x = MARGIN + 104 * MM
  const width = CONTENT_WIDTH - 104 * MM
  const what = [
    batch.pickingType ? `Type : ${PICKING_TYPE_LABELS[batch.pickingType]}` : null,
    batch.campaign ? `Campagne : ${batch.campaign}` : null,
  ].filter((t): t is string => t !== null)
  const lines = [
    `Boutique : ${batch.shopName}`,
    ...what,
    `Imprimée le ${warehouseDateTime(new Date(batch.printedAt))}${batch.printedBy ? ` par ${batch.printedBy}` : ''}`,
    `${plural(batch.orders, 'commande', 'commandes')} · ${plural(batch.units, 'unité', 'unités')}`,
  ]
  page.text(data.family === 'mono' ? 'Liste de picking mono' : 'Liste de picking multi', x, top - 6 * MM, 14)
  lines.forEach((line, i) => page.text(truncateToWidth(line, 10, width), x, top - 12 * MM - i * 12, 10))
  page.rect(MARGIN, top - height + 2 * MM, CONTENT_WIDTH, 1)
}
