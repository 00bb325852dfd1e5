import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../connect.ts'
import { createTestDb } from '../../testing/app.ts'

describe('demo customization files', () => {
  let db: Db
  beforeAll(async () => {
    db = await createTestDb()
  })
  afterAll(() => db.destroy())

  it("gives each customised order its job sheet and each customised line its proof, and no one else's", async () => {
    const { rows } = await sql<{
      name: string
      type: string
      lines: number
      sheets: number
      proofs: number
      others: number
    }>`
      select o.name, o.picking_type as type,
             (select count(*) from order_lines l where l.order_id = o.id and coalesce(l.customization, '') <> '')::integer as lines,
             (select count(*) from customization_files f where f.order_id = o.id and f.generator = 'sheet'
                and f.order_line_id is null and f.mime_type = 'application/pdf')::integer as sheets,
             (select count(*) from customization_files f join order_lines l on l.id = f.order_line_id
               where f.order_id = o.id and f.generator = 'proof' and f.mime_type = 'image/svg+xml'
                 and coalesce(l.customization, '') <> '')::integer as proofs,
             (select count(*) from customization_files f where f.order_id = o.id)::integer as others
        from orders o`.execute(db)
    const customised = rows.filter((r) => r.lines > 0)
    expect(customised.length).toBeGreaterThan(100)
    for (const r of customised) {
      expect(r.type, r.name).toMatch(/_customized$/)
      expect([r.sheets, r.proofs, r.others], r.name).toEqual([1, r.lines, 1 + r.lines])
    }
    expect(rows.filter((r) => r.lines === 0 && r.others > 0)).toEqual([])
  })
})
