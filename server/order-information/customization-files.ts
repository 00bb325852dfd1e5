/**
 * An order's customization files as every screen lists them (order information, and the packing
 * station's order, server/shipping/shipment-order.ts): name, MIME type and a signed link that an
 * <img> or the print agent fetches without the Bearer header (documents/token.ts), the job sheet
 * first, then each line's files in line order.
 */
import { sql } from 'kysely'
import type { OrderDetail } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import type { IssueDocument } from '../shipping/tracking-label.ts'

type CustomizationFile = OrderDetail['customizationFiles'][number]

export async function customizationFilesOf(
  db: Db,
  orderId: number,
  issueDocument: IssueDocument,
): Promise<CustomizationFile[]> {
  const rows = await db
    .selectFrom('customization_files')
    .select(['id', 'name', 'mime_type'])
    .where('order_id', '=', orderId)
    .orderBy(sql`order_line_id is not null`)
    .orderBy('order_line_id')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    name: row.name,
    type: row.mime_type,
    // The link's format is not read for this kind: the file answers its own type.
    url: issueDocument({ kind: 'customization-file', args: { id: row.id } }, row.name, 'pdf').url,
  }))
}
