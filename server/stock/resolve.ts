/**
 * Scanned codes and location names to rows, in one query each for a whole request (a reception
 * of 200 lines costs two lookups, not 400), refusing what does not exist.
 */
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.ts'
import { STOCK_MESSAGES, stockForbidden, stockNotFound } from '../kernel/errors.ts'

export interface ProductRow {
  id: number
  sku: string
  ean13: string
  name: string
  shopSlug: string
}

export interface LocationRow {
  id: number
  name: string
}

export interface LookUp {
  /** Scanned codes: SKUs or EAN-13s. */
  codes?: readonly string[]
  /** Location names. */
  locations?: readonly string[]
  /** A scrap reason id. */
  reason?: number
}

export interface LookedUp {
  /** As productsByCode. */
  products: ProductRow[]
  /** As locationsByName. */
  locations: Map<string, LocationRow>
  reason: { id: number; label: string } | null
}

interface LookUpRow {
  found: {
    products: ProductRow[] | null
    locations: LocationRow[] | null
    reason: { id: number; label: string } | null
  } | null
}

/**
 * productsByCode, locationsByName and the scrap reason in one statement (stock/catalogue.ts keeps
 * what it finds). The SQL function stock_look_up (db/functions/stock.sql) holds the queries, so their plans
 * are cached: on PGlite, planning them on every request cost more than running them.
 */
export async function lookUp(db: Kysely<Database>, what: LookUp): Promise<LookedUp> {
  const codes = [...new Set(what.codes ?? [])]
  const names = [...new Set(what.locations ?? [])]
  const { rows } = await sql<LookUpRow>`
    select stock_look_up(${codes}::text[], ${names}::text[], ${what.reason ?? null}::integer) as found
  `.execute(db)
  const found = rows[0]?.found
  return {
    products: found?.products ?? [],
    locations: new Map((found?.locations ?? []).map((l) => [l.name, l])),
    reason: found?.reason ?? null,
  }
}

/** Every product whose SKU or EAN-13 is one of the codes, with its shop. */
export async function productsByCode(db: Kysely<Database>, codes: readonly string[]): Promise<ProductRow[]> {
  const unique = [...new Set(codes)]
  if (unique.length === 0) return []
  return db
    .selectFrom('products')
    .innerJoin('shops', 'shops.id', 'products.shop_id')
    .select(['products.id', 'products.sku', 'products.ean13', 'products.name', 'shops.slug as shopSlug'])
    .where((eb) => eb.or([eb('products.sku', 'in', unique), eb('products.ean13', 'in', unique)]))
    .orderBy('products.id')
    .execute()
}

/** Whether the product is the one a scanned code (SKU or EAN-13) names. */
export const matches = (p: ProductRow, code: string) => p.sku === code || p.ean13 === code

/**
 * The product of `code` among `shops`. A code that exists only elsewhere is refused with
 * `otherShop` (404 for a shop screen, 403 for the warehouse-wide transfer), so the message says
 * why rather than pretending the product does not exist.
 */
export function pickProduct(
  found: readonly ProductRow[],
  code: string,
  shops: readonly string[],
  field: string,
  otherShop: 'shop' | 'user',
): ProductRow {
  const candidates = found.filter((p) => matches(p, code))
  if (candidates.length === 0) throw stockNotFound(STOCK_MESSAGES.unknownProduct(code), field)
  const mine = candidates.find((p) => shops.includes(p.shopSlug))
  if (mine) return mine
  throw otherShop === 'shop'
    ? stockNotFound(STOCK_MESSAGES.otherShopProduct(code), field)
    : stockForbidden(STOCK_MESSAGES.foreignProduct(code), field)
}

/** Locations by exact name. */
export async function locationsByName(
  db: Kysely<Database>,
  names: readonly string[],
): Promise<Map<string, LocationRow>> {
  const unique = [...new Set(names)]
  if (unique.length === 0) return new Map()
  const rows = await db.selectFrom('locations').select(['id', 'name']).where('name', 'in', unique).execute()
  return new Map(rows.map((r) => [r.name, r]))
}

export function pickLocation(
  found: ReadonlyMap<string, LocationRow>,
  name: string,
  field: string,
): LocationRow {
  const location = found.get(name)
  if (!location) throw stockNotFound(STOCK_MESSAGES.unknownLocation(name), field)
  return location
}

export const productView = (p: ProductRow) => ({ sku: p.sku, ean13: p.ean13, name: p.name })
