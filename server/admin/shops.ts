/** Shops and their catalogue (issue 16): slug, name and code; products created or updated from a CSV. */
import type { AdminShop, AdminShopBody, ProductImportResult } from '../../contract/index.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Db } from '../db/connect.ts'
import { notFound } from '../http/errors.ts'
import { lockAdmin, recordChange, uniquely } from './audit.ts'
import { ADMIN_MESSAGES } from './errors.ts'
import { type CsvRefusal, parseProductsCsv } from './products-csv.ts'

type Actor = Pick<AuthUser, 'id' | 'username'>

export async function listShops(db: Db, id?: number): Promise<AdminShop[]> {
  let query = db
    .selectFrom('shops')
    .select((eb) => [
      'id',
      'slug',
      'name',
      'code',
      eb
        .selectFrom('products')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('products.shop_id', '=', 'shops.id')
        .as('products'),
    ])
    .orderBy('id')
  if (id !== undefined) query = query.where('id', '=', id)
  return (await query.execute()).map((s) => ({ ...s, products: Number(s.products ?? 0) }))
}

async function shopById(db: Db, id: number): Promise<AdminShop> {
  const [shop] = await listShops(db, id)
  if (!shop) throw notFound(ADMIN_MESSAGES.shopNotFound)
  return shop
}

const shopUnique = (body: AdminShopBody) => ({
  shops_slug_key: ['slug', ADMIN_MESSAGES.slugTaken(body.slug)] as [string, string],
  shops_code_key: ['code', ADMIN_MESSAGES.codeTaken(body.code)] as [string, string],
})

export async function createShop(db: Db, actor: Actor, body: AdminShopBody): Promise<AdminShop> {
  return db.transaction().execute(async (trx) => {
    await lockAdmin(trx)
    const { id } = await uniquely(
      () => trx.insertInto('shops').values(body).returning('id').executeTakeFirstOrThrow(),
      shopUnique(body),
    )
    const after = await shopById(trx, id)
    await recordChange(trx, actor, { entity: 'shop', key: body.slug, action: 'create', before: null, after })
    return after
  })
}

export async function updateShop(db: Db, actor: Actor, id: number, body: AdminShopBody): Promise<AdminShop> {
  return db.transaction().execute(async (trx) => {
    await lockAdmin(trx)
    const before = await shopById(trx, id)
    await uniquely(() => trx.updateTable('shops').set(body).where('id', '=', id).execute(), shopUnique(body))
    const after = await shopById(trx, id)
    await recordChange(trx, actor, { entity: 'shop', key: after.slug, action: 'update', before, after })
    return after
  })
}

const DEFAULT_WEIGHT_GRAMS = 500

/**
 * Creates or updates the shop's products from the CSV, by SKU. The rows the file refuses, and
 * those whose EAN another product of the shop already has, are listed and skipped; the others
 * are written in one transaction — or, on a dry run, only counted.
 */
export async function importProducts(
  db: Db,
  actor: Actor,
  shopId: number,
  { csv, dryRun }: { csv: string; dryRun: boolean },
): Promise<ProductImportResult> {
  const parsed = parseProductsCsv(csv)
  return db.transaction().execute(async (trx) => {
    await lockAdmin(trx)
    const shop = await shopById(trx, shopId)
    const existing = await trx
      .selectFrom('products')
      .select(['id', 'sku', 'ean13', 'name', 'weight_grams'])
      .where('shop_id', '=', shopId)
      .execute()
    const bySku = new Map(existing.map((p) => [p.sku, p]))
    const byEan = new Map(existing.map((p) => [p.ean13, p]))
    const refused: CsvRefusal[] = [...parsed.refused]
    const creates: typeof parsed.products = []
    const updates: { id: number; row: (typeof parsed.products)[number] }[] = []
    let unchanged = 0
    for (const row of parsed.products) {
      const current = bySku.get(row.sku)
      const owner = byEan.get(row.ean13)
      if (owner && owner.sku !== row.sku) {
        refused.push({
          line: row.line,
          sku: row.sku,
          reason: `EAN déjà utilisé par le produit ${owner.sku} de la boutique.`,
        })
      } else if (!current) creates.push(row)
      else if (
        current.ean13 === row.ean13 &&
        current.name === row.name &&
        (row.weightGrams ?? current.weight_grams) === current.weight_grams
      )
        unchanged++
      else updates.push({ id: current.id, row })
    }
    refused.sort((a, b) => a.line - b.line)
    if (!dryRun) {
      // An update that takes another row's old EAN would trip the unique index midway: free them first.
      for (const { id, row } of updates) {
        await trx
          .updateTable('products')
          .set({
            ean13: row.ean13,
            name: row.name,
            ...(row.weightGrams === null ? {} : { weight_grams: row.weightGrams }),
          })
          .where('id', '=', id)
          .execute()
      }
      for (let i = 0; i < creates.length; i += 1000) {
        await trx
          .insertInto('products')
          .values(
            creates.slice(i, i + 1000).map((r) => ({
              shop_id: shopId,
              sku: r.sku,
              ean13: r.ean13,
              name: r.name,
              weight_grams: r.weightGrams ?? DEFAULT_WEIGHT_GRAMS,
            })),
          )
          .execute()
      }
      if (creates.length + updates.length > 0) {
        const summary = { created: creates.length, updated: updates.length, refused: refused.length }
        await recordChange(trx, actor, {
          entity: 'products',
          key: shop.slug,
          action: 'update',
          before: null,
          after: summary,
        })
      }
    }
    return { dryRun, created: creates.length, updated: updates.length, unchanged, refused }
  })
}
