/**
 * The files of the demo's customised orders (migration 0014): for each customised line its proof
 * ('Bon à tirer', an SVG of the engraving) and for each order its job sheet ('Fiche de
 * personnalisation', a PDF), as a shop's order import would bring them. Rows only, one statement:
 * the files are drawn when fetched (server/documents/customization-file.ts), so thousands of
 * customised orders cost the seed next to nothing.
 */
import { sql } from 'kysely'
import type { Db } from '../connect.ts'

export async function seedCustomizationFiles(trx: Db): Promise<void> {
  await sql`
    with customized as (
      select l.id, l.order_id, l.customization, o.name, o.created_at,
             row_number() over (partition by l.order_id order by l.id) as rank
        from order_lines l join orders o on o.id = l.order_id
       where o.picking_type like '%\\_customized'
    )
    insert into customization_files (order_id, order_line_id, name, mime_type, generator, created_at)
    select order_id, line_id, file_name, mime_type, generator, created_at from (
      select distinct on (order_id) order_id, null::integer as line_id,
             'Fiche de personnalisation ' || name || '.pdf' as file_name, 'application/pdf' as mime_type,
             'sheet' as generator, created_at
        from customized where coalesce(customization, '') <> ''
      union all
      select order_id, id, 'Bon à tirer ' || name || '-' || rank || '.svg', 'image/svg+xml', 'proof', created_at
        from customized where coalesce(customization, '') <> ''
    ) files
    order by order_id, line_id nulls first
  `.execute(trx)
}
