/**
 * A customization file as its link fetches it (render.ts): the file the shop sent, or what a demo
 * file is drawn from when fetched (migration 0014's `generator`): the order, and its customised
 * lines (the proof's one line, or every line for the job sheet).
 */
import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'
import type { CustomizationGenerator } from '../db/schema-customization.ts'

export interface CustomizedLine {
  /** 1, 2, …: the line's rank in its order, as the shop's reference numbers it. */
  rank: number
  sku: string
  name: string
  quantity: number
  text: string
}

export interface CustomizationFileData {
  name: string
  mimeType: string
  content: Buffer | null
  generator: CustomizationGenerator | null
  order: { name: string; shopName: string; customer: string; createdAt: Date }
  /** The line it is about (a proof), else every customised line of the order (a job sheet). */
  lines: CustomizedLine[]
}

interface Row {
  name: string
  mimeType: string
  content: Buffer | Uint8Array | null
  generator: CustomizationGenerator | null
  lineId: number | null
  order: CustomizationFileData['order'] & { createdAt: string }
  lines: (CustomizedLine & { id: number })[]
}

/** Undefined when the file (or its order) is gone. */
export async function loadCustomizationFile(db: Db, id: number): Promise<CustomizationFileData | undefined> {
  const { rows } = await sql<Row>`
    select f.name, f.mime_type as "mimeType", f.content, f.generator, f.order_line_id as "lineId",
           json_build_object('name', o.name, 'shopName', s.name, 'customer', o.customer_name,
                             'createdAt', o.created_at) as order,
           (select coalesce(json_agg(json_build_object(
                     'id', l.id, 'rank', l.rank, 'sku', p.sku, 'name', p.name,
                     'quantity', l.quantity, 'text', l.customization) order by l.rank), '[]')
              from (select ol.*, row_number() over (order by ol.id) as rank
                      from order_lines ol where ol.order_id = o.id) l
              join products p on p.id = l.product_id
             where coalesce(l.customization, '') <> '') as lines
      from customization_files f
      join orders o on o.id = f.order_id
      join shops s on s.id = o.shop_id
     where f.id = ${id}
  `.execute(db)
  const row = rows[0]
  if (!row) return undefined
  const lines = row.lineId === null ? row.lines : row.lines.filter((l) => l.id === row.lineId)
  return {
    name: row.name,
    mimeType: row.mimeType,
    content: row.content === null ? null : Buffer.from(row.content),
    generator: row.generator,
    order: { ...row.order, createdAt: new Date(row.order.createdAt) },
    lines: lines.map(({ id: _id, ...line }) => line),
  }
}
