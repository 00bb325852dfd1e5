/**
 * Deliveries a shop announces (issue 34, docs/shop-api.md), through its API key or a CSV in the
 * admin area: one path for both, in the caller's transaction, a few statements whatever the number
 * of notices (the shop's SKUs read once, the notices and their lines written as sets).
 *
 * Idempotent on the shop's reference, as an order is: `insert … on conflict do nothing` on
 * (shop, reference), so two requests racing with one reference make one notice; a reference sent
 * before is compared with what it announced (the date, then each line's SKU and quantity, in
 * order): the same is 'existing', anything else 'differs', naming each field ('lines[1].quantity').
 */
import { sql } from 'kysely'
import type { ShopReceptionBody } from '../../contract/index.ts'
import { insertRows } from '../db/bulk-insert.ts'
import type { Db } from '../db/connect.ts'
import type { ExpectedReceptionSource } from '../db/schema-receptions.ts'
import { differences } from '../orders/intake/checks.ts'
import type { ShopLanguage } from '../shop-api/language.ts'
import { shopMessages } from '../shop-api/language.ts'

export interface NoticeProblem {
  /** As the request names it: 'lines[2].sku', 'expectedDate'. */
  field: string
  code: 'unknown_sku' | 'sku_twice' | 'differs'
  value?: string
}

export type AnnounceResult =
  | { result: 'created' | 'existing'; id: number }
  | { result: 'differs'; id: number; problems: NoticeProblem[] }
  | { result: 'refused'; problems: NoticeProblem[] }

/** What is compared when a reference comes again: the date and the lines, as announced. */
type Content = Pick<ShopReceptionBody, 'expectedDate' | 'lines'>

/** Each notice announced: written, found as it was, found with another content, or refused. */
export async function announceReceptions(
  trx: Db,
  shopId: number,
  source: ExpectedReceptionSource,
  notices: readonly ShopReceptionBody[],
): Promise<AnnounceResult[]> {
  const products = await shopProducts(trx, shopId, [
    ...new Set(notices.flatMap((n) => n.lines.map((l) => l.sku))),
  ])
  const problems = notices.map((notice) => lineProblems(notice, products))
  const valid = notices.filter((_, i) => problems[i]?.length === 0)
  const inserted = (await insertRows(
    trx,
    'expected_receptions',
    valid.map((n) => ({ shop_id: shopId, reference: n.reference, expected_date: n.expectedDate, source })),
    ['id', 'reference'],
    sql`on conflict (shop_id, reference) do nothing`,
  )) as { id: number; reference: string }[]
  const created = new Map(inserted.map((row) => [row.reference, row.id]))
  await insertRows(
    trx,
    'expected_reception_lines',
    valid.flatMap((n) => {
      const id = created.get(n.reference)
      return id === undefined
        ? []
        : n.lines.map((l) => ({
            expected_reception_id: id,
            product_id: products.get(l.sku) as number,
            sku: l.sku,
            quantity_expected: l.quantity,
          }))
    }),
  )
  const stored = await storedContents(
    trx,
    shopId,
    valid.filter((n) => !created.has(n.reference)).map((n) => n.reference),
  )
  return notices.map((notice, i): AnnounceResult => {
    const refused = problems[i] ?? []
    if (refused.length > 0) return { result: 'refused', problems: refused }
    const id = created.get(notice.reference)
    if (id !== undefined) return { result: 'created', id }
    const before = stored.get(notice.reference)
    if (!before) throw new Error(`notice ${notice.reference} neither inserted nor found`)
    const differ = differences(before.content, contentOf(notice))
    if (differ.length === 0) return { result: 'existing', id: before.id }
    return { result: 'differs', id: before.id, problems: differ.map((field) => ({ field, code: 'differs' })) }
  })
}

const contentOf = (notice: Content): Content => ({
  expectedDate: notice.expectedDate,
  lines: notice.lines.map((l) => ({ sku: l.sku, quantity: l.quantity })),
})

/** The shop's products among these SKUs: id by SKU. */
async function shopProducts(trx: Db, shopId: number, skus: readonly string[]): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map()
  const rows = await trx
    .selectFrom('products')
    .select(['id', 'sku'])
    .where('shop_id', '=', shopId)
    .where(sql<boolean>`sku = any(${[...skus]}::text[])`)
    .execute()
  return new Map(rows.map((r) => [r.sku, r.id]))
}

/** A SKU the shop does not have, or one already on a line above. */
function lineProblems(notice: ShopReceptionBody, products: ReadonlyMap<string, number>): NoticeProblem[] {
  const seen = new Set<string>()
  return notice.lines.flatMap((line, i): NoticeProblem[] => {
    const field = `lines[${i}].sku`
    if (!products.has(line.sku)) return [{ field, code: 'unknown_sku', value: line.sku }]
    if (seen.has(line.sku)) return [{ field, code: 'sku_twice', value: line.sku }]
    seen.add(line.sku)
    return []
  })
}

/** What the notices of these references announced, with their ids. */
async function storedContents(trx: Db, shopId: number, references: readonly string[]) {
  if (references.length === 0) return new Map<string, { id: number; content: Content }>()
  const rows = await trx
    .selectFrom('expected_receptions as r')
    .select([
      'r.id',
      'r.reference',
      sql<string>`r.expected_date::text`.as('expected_date'),
      sql<Content['lines']>`(select coalesce(json_agg(json_build_object('sku', l.sku, 'quantity',
          l.quantity_expected) order by l.id), '[]') from expected_reception_lines l
         where l.expected_reception_id = r.id and l.quantity_expected > 0)`.as('lines'),
    ])
    .where('r.shop_id', '=', shopId)
    .where(sql<boolean>`r.reference = any(${[...references]}::text[])`)
    .execute()
  return new Map(
    rows.map((r) => [r.reference, { id: r.id, content: { expectedDate: r.expected_date, lines: r.lines } }]),
  )
}

/** The problems with their messages in the caller's language (the CSV import's: French). */
export function problemErrors(problems: readonly NoticeProblem[], language: ShopLanguage) {
  const M = shopMessages(language)
  return problems.map((p) => ({
    field: p.field,
    code: p.code,
    message:
      p.code === 'unknown_sku'
        ? M.unknownSku(p.value ?? '')
        : p.code === 'sku_twice'
          ? M.reception.skuTwice
          : M.reception.differsField,
  }))
}
