/**
 * A shop's catalogue through the shop API (issue 33): products created or updated by SKU with the
 * admin CSV import's rules and its one plan and write (admin/products-import.ts), each product
 * answered on its own: created, updated, unchanged, or refused with each problem's field and code.
 */
import { z } from 'zod/mini'
import type { endpoints } from '../../contract/endpoints.ts'
import { ERROR_CODES, type ResponseOf, shopProductBodySchema } from '../../contract/index.ts'
import { productProblem } from '../admin/products-csv.ts'
import { planProducts, type ProductRow, writeProducts } from '../admin/products-import.ts'
import type { Db } from '../db/connect.ts'
import { issueErrors, zodLanguage } from '../http/validate.ts'
import type { ShopCaller } from './authenticate.ts'
import { errorsRefused } from './create-order.ts'
import { type ShopLanguage, shopMessages } from './language.ts'

type BatchResult = ResponseOf<(typeof endpoints)['shopProductBatch']>['results'][number]
type ProductCode = keyof ReturnType<typeof shopMessages>['product']
type Problem = { field: string; code: ProductCode; value?: string }

const itemSchema = z.extend(shopProductBodySchema, { sku: z.string().check(z.trim()) })

export async function putProducts(
  db: Db,
  shop: ShopCaller,
  items: readonly unknown[],
  language: ShopLanguage,
): Promise<BatchResult[]> {
  const M = shopMessages(language)
  const errors = (problems: Problem[]) =>
    problems.map((p) => ({ field: p.field, code: p.code, message: M.product[p.code](p.value ?? '') }))
  const parsed = items.map((item) => itemSchema.safeParse(item, zodLanguage(language)))
  const boxes = await boxIds(db, parsed)
  const results: BatchResult[] = []
  const rows: ProductRow[] = []
  const seenSku = new Set<string>()
  const seenEan = new Set<string>()
  parsed.forEach((p, index) => {
    const sent = (items[index] as { sku?: unknown } | null)?.sku
    const sku = typeof sent === 'string' ? sent.trim() : null
    if (!p.success) {
      results[index] = { index, sku, result: 'refused', errors: issueErrors(p.error.issues) }
      return
    }
    const item = p.data
    const problems: Problem[] = []
    const problem = productProblem({ ...item, weightGrams: item.weightGrams ?? null })
    if (problem)
      problems.push({
        field: problem === 'ean' ? 'ean13' : problem === 'weight' ? 'weightGrams' : problem,
        code: `${problem}_invalid`,
      })
    else if (seenSku.has(item.sku.toUpperCase())) problems.push({ field: 'sku', code: 'sku_twice' })
    else if (seenEan.has(item.ean13)) problems.push({ field: 'ean13', code: 'ean_twice' })
    const box =
      item.defaultBox === undefined || item.defaultBox === null ? item.defaultBox : boxes.get(item.defaultBox)
    if (box === undefined && item.defaultBox != null)
      problems.push({ field: 'defaultBox', code: 'unknown_box', value: item.defaultBox })
    if (problems.length > 0) {
      results[index] = { index, sku, result: 'refused', errors: errors(problems) }
      return
    }
    seenSku.add(item.sku.toUpperCase())
    seenEan.add(item.ean13)
    rows.push({
      line: index + 1,
      sku: item.sku,
      ean13: item.ean13,
      name: item.name,
      weightGrams: item.weightGrams ?? null,
      ...(item.dimensionsMm && { dimensionsMm: item.dimensionsMm }),
      ...(item.defaultBox !== undefined && { defaultBoxTypeId: box ?? null }),
    })
  })
  const plan = await db.transaction().execute(async (trx) => {
    const planned = await planProducts(trx, shop.shopId, { products: rows, refused: [] })
    await writeProducts(trx, shop.shopId, planned)
    return planned
  })
  const answer = (row: ProductRow, result: BatchResult['result']) => {
    const index = row.line - 1
    results[index] = { index, sku: row.sku, result }
  }
  for (const row of plan.creates) answer(row, 'created')
  for (const { row } of plan.updates) answer(row, 'updated')
  for (const row of plan.unchanged) answer(row, 'unchanged')
  // The plan's only refusal: an EAN another product of the shop has.
  for (const refused of plan.refused) {
    const index = refused.line - 1
    const owner = refused.eanOwner ?? ''
    results[index] = {
      index,
      sku: refused.sku,
      result: 'refused',
      errors: errors([{ field: 'ean13', code: 'ean_owned', value: owner }]),
    }
  }
  return results
}

/** One product (PUT /api/v1/products/{sku}): what became of it, or a 400 naming each problem. */
export async function putProduct(
  db: Db,
  shop: ShopCaller,
  product: unknown,
  language: ShopLanguage,
): Promise<'created' | 'updated' | 'unchanged'> {
  const [answer] = await putProducts(db, shop, [product], language)
  if (answer && answer.result !== 'refused') return answer.result
  const M = shopMessages(language)
  throw errorsRefused(400, ERROR_CODES.badRequest, M.productRefused, answer?.errors ?? [])
}

/** The box types the products name, by code. */
async function boxIds(
  db: Db,
  parsed: readonly { success: boolean; data?: { defaultBox?: string | null } }[],
) {
  const codes = [
    ...new Set(parsed.flatMap((p) => (p.success && p.data?.defaultBox ? [p.data.defaultBox] : []))),
  ]
  if (codes.length === 0) return new Map<string, number>()
  const rows = await db.selectFrom('box_types').select(['id', 'code']).where('code', 'in', codes).execute()
  return new Map(rows.map((r) => [r.code, r.id]))
}
