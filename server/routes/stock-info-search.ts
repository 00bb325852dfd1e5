/**
 * Product search of the product-information screen (docs/specification.md §7.5): by name ignoring case and
 * accents, by SKU prefix or by exact EAN-13, among the user's shops only.
 */
import { MESSAGES } from '../http/errors.ts'
import { sql } from 'kysely'
import type { endpoints } from '../../contract/endpoints.ts'
import type { Handler } from '../http/register.ts'
import { stockForbidden } from '../kernel/errors.ts'

type E = typeof endpoints

const ACCENTED_LOWER = 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿ'
const ACCENTED = ACCENTED_LOWER + ACCENTED_LOWER.toUpperCase()
/** Same length as ACCENTED: each accented letter becomes its base letter. */
const PLAIN = ACCENTED.normalize('NFD').replace(/\p{M}/gu, '')

/** The JS side of the SQL folding below: no accents, lower case. */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** A LIKE pattern matching `text` literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

export const productSearch: Handler<E['productSearch']> = async ({ db, body, user }) => {
  if (body.shop !== undefined && !user.shops.includes(body.shop))
    throw stockForbidden(MESSAGES.shopForbidden(body.shop), 'shop')
  const shops = body.shop !== undefined ? [body.shop] : [...user.shops]
  if (shops.length === 0) return { products: [] }
  const folded = `%${escapeLike(fold(body.query))}%`
  const skuPrefix = `${escapeLike(body.query.toUpperCase())}%`
  const rows = await db
    .selectFrom('products')
    .innerJoin('shops', 'shops.id', 'products.shop_id')
    .select([
      'products.id',
      'products.sku',
      'products.ean13',
      'products.name',
      'shops.slug',
      'shops.name as shopName',
    ])
    .where('shops.slug', 'in', shops)
    .where((eb) =>
      eb.or([
        eb(sql`lower(translate(products.name, ${ACCENTED}, ${PLAIN}))`, 'like', folded),
        eb(sql`upper(products.sku)`, 'like', skuPrefix),
        eb('products.ean13', '=', body.query),
      ]),
    )
    .orderBy('products.sku')
    .limit(body.limit ?? 20)
    .execute()
  return {
    products: rows.map((r) => ({
      id: r.id,
      sku: r.sku,
      ean13: r.ean13,
      name: r.name,
      shop: { slug: r.slug, name: r.shopName },
    })),
  }
}
