/**
 * The customization files a shop sends with an order's lines (issue 33, checks.ts reads them),
 * written beside the lines they belong to once the order is (write.ts).
 */
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { IntakeFile } from './checks.ts'

/**
 * The lines' customization files of the orders just written, each with its line: the n-th line
 * of an order is its n-th by id (they were inserted in the order sent, in one statement).
 */
export async function insertFiles(
  trx: Kysely<Database>,
  files: readonly { orderId: number; file: IntakeFile }[],
) {
  if (files.length === 0) return
  const written = await sql`
    insert into customization_files (order_id, order_line_id, name, mime_type, content)
    select f.order_id, l.id, f.name, f.type, decode(f.content, 'base64')
      from unnest(${files.map((f) => f.orderId)}::integer[], ${files.map((f) => f.file.line + 1)}::integer[],
                  ${files.map((f) => f.file.name)}::text[], ${files.map((f) => f.file.type)}::text[],
                  ${files.map((f) => f.file.content.toString('base64'))}::text[])
           as f(order_id, n, name, type, content)
      join (select id, order_id, row_number() over (partition by order_id order by id) as n
              from order_lines where order_id = any(${[...new Set(files.map((f) => f.orderId))]}::integer[])) l
        on l.order_id = f.order_id and l.n = f.n
  `.execute(trx)
  // A file that found no line would be lost for good: the order's stored request already holds its
  // digest, so sending it again answers 'existing'. The whole call fails instead.
  if (Number(written.numAffectedRows ?? 0) !== files.length)
    throw new Error(`${files.length} customization files, ${written.numAffectedRows} written`)
}
