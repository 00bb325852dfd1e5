/**
 * A shop's catalogue from a CSV (issue 16): products created or updated by SKU. The rows the file
 * refuses, and those whose EAN another product of the shop already has, are listed and skipped;
 * the others are written in one transaction, in a few statements whatever the file's size — or, on a
 * dry run, only counted.
 */
import { sql } from 'kysely'
import type { ProductImportResult } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { type Actor, adminWrite } from './audit.ts'
import { CSV_MESSAGES, type CsvProduct, type CsvRefusal, parseProductsCsv } from './products-csv.ts'
import { shopById } from './shops.ts'

interface Plan {
  creates: CsvProduct[]
  updates: { id: number; row: CsvProduct }[]
  unchanged: number
  refused: CsvRefusal[]
}

/** What the file would do to the shop's catalogue as it stands. */
async function plan(db: Db, shopId: number, csv: string): Promise<Plan> {
  const parsed = parseProductsCsv(csv)
  const existing = await db
    .selectFrom('products')
    .select(['id', 'sku', 'ean13', 'name', 'weight_grams'])
    .where('shop_id', '=', shopId)
    .execute()
  // SKUs match whatever their case, as the file's own duplicates do (products-csv.ts): 'ml-1'
  // updates ML-1, never makes a second product beside it.
  const skuKey = (sku: string) => sku.toUpperCase()
  const bySku = new Map(existing.map((p) => [skuKey(p.sku), p]))
  const byEan = new Map(existing.map((p) => [p.ean13, p]))
  const result: Plan = { creates: [], updates: [], unchanged: 0, refused: [...parsed.refused] }
  for (const row of parsed.products) {
    const current = bySku.get(skuKey(row.sku))
    const owner = byEan.get(row.ean13)
    if (owner && skuKey(owner.sku) !== skuKey(row.sku))
      result.refused.push({ line: row.line, sku: row.sku, reason: CSV_MESSAGES.eanOwned(owner.sku) })
    else if (!current) result.creates.push(row)
    else if (
      current.ean13 === row.ean13 &&
      current.name === row.name &&
      (row.weightGrams ?? current.weight_grams) === current.weight_grams
    )
      result.unchanged++
    else result.updates.push({ id: current.id, row })
  }
  result.refused.sort((a, b) => a.line - b.line)
  return result
}

const answer = (dryRun: boolean, p: Plan): ProductImportResult => ({
  dryRun,
  created: p.creates.length,
  updated: p.updates.length,
  unchanged: p.unchanged,
  refused: p.refused,
})

async function write(trx: Db, shopId: number, p: Plan): Promise<void> {
  if (p.updates.length > 0) {
    const rows = p.updates.map(({ id, row }) => ({
      id,
      ean13: row.ean13,
      name: row.name,
      weight: row.weightGrams,
    }))
    await sql`
      update products p set ean13 = x.ean13, name = x.name, weight_grams = coalesce(x.weight, p.weight_grams)
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id integer, ean13 text, name text, weight integer)
      where p.id = x.id
    `.execute(trx)
  }
  // 5 parameters a row: well under PostgreSQL's 65,535 per statement. A row without a weight
  // leaves the column out, and Kysely writes DEFAULT for it (migration 0011's default).
  for (let at = 0; at < p.creates.length; at += 10_000) {
    await trx
      .insertInto('products')
      .values(
        p.creates.slice(at, at + 10_000).map((r) => ({
          shop_id: shopId,
          sku: r.sku,
          ean13: r.ean13,
          name: r.name,
          ...(r.weightGrams === null ? {} : { weight_grams: r.weightGrams }),
        })),
      )
      .execute()
  }
}

export async function importProducts(
  db: Db,
  actor: Actor,
  shopId: number,
  { csv, dryRun }: { csv: string; dryRun: boolean },
): Promise<ProductImportResult> {
  if (dryRun) {
    await shopById(db, shopId)
    return answer(true, await plan(db, shopId, csv))
  }
  return adminWrite(db, actor, 'products', async (trx) => {
    const shop = await shopById(trx, shopId)
    const p = await plan(trx, shopId, csv)
    await write(trx, shopId, p)
    const result = answer(false, p)
    // A file that changes nothing leaves no line in the history.
    const change =
      result.created + result.updated === 0
        ? null
        : {
            key: shop.slug,
            action: 'update' as const,
            before: null,
            after: { created: result.created, updated: result.updated, refused: result.refused.length },
          }
    return { change, answer: result }
  })
}
