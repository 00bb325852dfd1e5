/** Shop API test helpers (issue 33): a key made the way an administrator makes one, and a shop's SKUs. */
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/connect.ts'
import { bearer, tokenFor } from './app.ts'

/** A new key of the shop, made through the admin area as the demo administrator: its whole secret. */
export async function shopKeyFor(
  app: FastifyInstance,
  db: Db,
  slug: string,
  label = 'Tests',
): Promise<string> {
  const shop = await db.selectFrom('shops').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()
  const made = await app.inject({
    method: 'POST',
    url: `/rest/admin/shops/${shop.id}/keys`,
    headers: bearer(await tokenFor(app, 'demo')),
    payload: { label },
  })
  if (made.statusCode !== 201) throw new Error(`key not made: ${made.statusCode} ${made.body}`)
  return (made.json() as { secret: string }).secret
}

/** The first `n` SKUs of the shop's catalogue. */
export async function skusOf(db: Db, slug: string, n: number): Promise<string[]> {
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .select('p.sku')
    .where('s.slug', '=', slug)
    .orderBy('p.id')
    .limit(n)
    .execute()
  return rows.map((r) => r.sku)
}
