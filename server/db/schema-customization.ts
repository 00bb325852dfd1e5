/**
 * Kysely's view of customization_files (migration 0014): the files a shop sends with a customised
 * order. Part of schema.ts's Database, kept apart to keep each file short.
 */
import type { Generated } from 'kysely'
import type { CreatedAt } from './schema.ts'

export type CustomizationGenerator = 'proof' | 'sheet'

export interface CustomizationFilesTable {
  id: Generated<number>
  order_id: number
  /** Null: about the whole order (a job sheet), not one line. */
  order_line_id: number | null
  name: string
  mime_type: string
  /** The file as the shop sent it; null when `generator` draws it on fetch. */
  content: Buffer | null
  /** 'proof': the line's engraving as SVG; 'sheet': the order's PDF job sheet. */
  generator: CustomizationGenerator | null
  created_at: CreatedAt
}
