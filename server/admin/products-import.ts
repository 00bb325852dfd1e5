/**
 * A shop's catalogue from a CSV (issue 16), or from the shop API (issue 33, shop-api/products.ts):
 * products created or updated by SKU, by one plan and one write whichever way they came. The rows
 * refused, and those whose EAN another product of the shop already has, are listed and skipped;
 * the others are written in one transaction, in a few statements whatever their number — or, on a
 * dry run, only counted.
 */
import { sql } from 'kysely'
import type { ProductImportResult } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { type Actor, adminWrite } from './audit.ts'
import { CSV_MESSAGES, type CsvProduct, type CsvRefusal, parseProductsCsv } from './products-csv.ts'
import { shopById } from './shops.ts'

/** A product to write: the CSV's columns, and what the shop API adds (left as they are when absent). */
export interface ProductRow extends CsvProduct {
  dimensionsMm?: { length: number; width: number; height: number }
  defaultBoxTypeId?: number | null
}

export interface ProductPlan {
  creates: ProductRow[]
  updates: { id: number; row: ProductRow }[]
  unchanged: ProductRow[]
  refused: CsvRefusal[]
}

type Existing = {
  ean13: string
  name: string
  weight_grams: number
  length_mm: number | null
  width_mm: number | null
  height_mm: number | null
  default_box_type_id: number | null
}

const same = (current: Existing, row: ProductRow) =>
  current.ean13 === row.ean13 &&
  current.name === row.name &&
  (row.weightGrams ?? current.weight_grams) === current.weight_grams &&
  (row.dimensionsMm === undefined ||
    (current.length_mm === row.dimensionsMm.length &&
      current.width_mm === row.dimensionsMm.width &&
      current.height_mm === row.dimensionsMm.height)) &&
  (row.defaultBoxTypeId === undefined || current.default_box_type_id === row.defaultBoxTypeId)

/** What the rows would do to the shop's catalogue as it stands. */
export async function planProducts(
  db: Db,
  shopId: number,
  parsed: { products: readonly ProductRow[]; refused: readonly CsvRefusal[] },
): Promise<ProductPlan> {
  // One writer of a shop's catalogue at a time (class 7408, beside kernel/locks.ts's 7405–7407): two
  // calls creating one new SKU would both plan a create, and the second hit the unique index.
  await sql`select pg_advisory_xact_lock(7408, ${shopId}::integer)`.execute(db)
  const existing = await db
    .selectFrom('products')
    .select([
      'id',
      'sku',
      'ean13',
      'name',
      'weight_grams',
      'length_mm',
      'width_mm',
      'height_mm',
      'default_box_type_id',
    ])
    .where('shop_id', '=', shopId)
    .execute()
  // SKUs match whatever their case, as the file's own duplicates do (products-csv.ts): 'ml-1'
  // updates ML-1, never makes a second product beside it.
  const skuKey = (sku: string) => sku.toUpperCase()
  const bySku = new Map(existing.map((p) => [skuKey(p.sku), p]))
  const byEan = new Map(existing.map((p) => [p.ean13, p]))
  const result: ProductPlan = { creates: [], updates: [], unchanged: [], refused: [...parsed.refused] }
  for (const row of parsed.products) {
    const current = bySku.get(skuKey(row.sku))
    const owner = byEan.get(row.ean13)
    if (owner && skuKey(owner.sku) !== skuKey(row.sku))
      result.refused.push({
        line: row.line,
        sku: row.sku,
        reason: CSV_MESSAGES.eanOwned(owner.sku),
        eanOwner: owner.sku,
      })
    else if (!current) result.creates.push(row)
    else if (same(current, row)) result.unchanged.push(row)
    else result.updates.push({ id: current.id, row })
  }
  result.refused.sort((a, b) => a.line - b.line)
  return result
}

const answer = (dryRun: boolean, p: ProductPlan): ProductImportResult => ({
  dryRun,
  created: p.creates.length,
  updated: p.updates.length,
  unchanged: p.unchanged.length,
  refused: p.refused,
})

export async function writeProducts(trx: Db, shopId: number, p: ProductPlan): Promise<void> {
  if (p.updates.length > 0) {
    // Absent (null) in a row: the column keeps its value. A default box set to none: -1.
    const rows = p.updates.map(({ id, row }) => ({
      id,
      ean13: row.ean13,
      name: row.name,
      weight: row.weightGrams,
      length: row.dimensionsMm?.length ?? null,
      width: row.dimensionsMm?.width ?? null,
      height: row.dimensionsMm?.height ?? null,
      box: row.defaultBoxTypeId === undefined ? null : (row.defaultBoxTypeId ?? -1),
    }))
    await sql`
      update products p set ean13 = x.ean13, name = x.name, weight_grams = coalesce(x.weight, p.weight_grams),
             length_mm = coalesce(x.length, p.length_mm), width_mm = coalesce(x.width, p.width_mm),
             height_mm = coalesce(x.height, p.height_mm),
             default_box_type_id = case when x.box is null then p.default_box_type_id
                                        when x.box = -1 then null else x.box end
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(id integer, ean13 text, name text, weight integer, length integer, width integer, height integer, box integer)
      where p.id = x.id
    `.execute(trx)
  }
  // 9 parameters a row: well under PostgreSQL's 65,535 per statement. A row without a weight
  // leaves the column out, and Kysely writes DEFAULT for it (migration 0011's default).
  for (let at = 0; at < p.creates.length; at += 5_000) {
    await trx
      .insertInto('products')
      .values(
        p.creates.slice(at, at + 5_000).map((r) => ({
          shop_id: shopId,
          sku: r.sku,
          ean13: r.ean13,
          name: r.name,
          ...(r.weightGrams === null ? {} : { weight_grams: r.weightGrams }),
          length_mm: r.dimensionsMm?.length ?? null,
          width_mm: r.dimensionsMm?.width ?? null,
          height_mm: r.dimensionsMm?.height ?? null,
          default_box_type_id: r.defaultBoxTypeId ?? null,
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
    return answer(true, await planProducts(db, shopId, parseProductsCsv(csv)))
  }
  return adminWrite(db, actor, 'products', async (trx) => {
    const shop = await shopById(trx, shopId)
    const p = await planProducts(trx, shopId, parseProductsCsv(csv))
    await writeProducts(trx, shopId, p)
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
