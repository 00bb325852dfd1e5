/**
 * Every order has a ship-to (issue 33, docs/shop-api.md): the orders a site held before its shops
 * sent addresses were demo orders, whose carrier labels printed a demo address picked by a hash of
 * the order's name. They get that very address in their columns, so a label printed before the
 * upgrade and its reprint after say the same, and the label code reads one place for every order.
 * The formula is copied here on purpose: a migration runs the code of its own release, not today's.
 */
import { type Migration, sql } from 'kysely'

const DEMO_ADDRESSES: readonly [line1: string, line2: string | null, postcode: string, city: string][] = [
  ['8 rue de la République', null, '13001', 'Marseille'],
  ['45 avenue Jean Jaurès', null, '31000', 'Toulouse'],
  ['3 place du Marché', 'Bâtiment B', '44000', 'Nantes'],
  ['27 boulevard Carnot', null, '59800', 'Lille'],
  ['110 rue Sainte-Catherine', null, '33000', 'Bordeaux'],
  ['6 quai Saint-Nicolas', null, '67000', 'Strasbourg'],
  ['19 rue des Lilas', null, '75019', 'Paris'],
  ['2 allée des Tilleuls', null, '35000', 'Rennes'],
]

/** The address index the labels drew for an order's name (a 31-hash of its UTF-16 units). */
function demoIndex(name: string): number {
  let h = 0
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) >>> 0
  return h % DEMO_ADDRESSES.length
}

export const shipToBackfill: Migration = {
  async up(db) {
    const { rows } = await sql<{ id: number; name: string }>`
      select id, name from orders where ship_line1 is null`.execute(db)
    // Eight updates, one per address, whatever the number of orders.
    const byAddress = DEMO_ADDRESSES.map(() => [] as number[])
    for (const row of rows) byAddress[demoIndex(row.name)]?.push(row.id)
    for (const [i, ids] of byAddress.entries()) {
      if (ids.length === 0) continue
      const [line1, line2, postcode, city] = DEMO_ADDRESSES[i] as (typeof DEMO_ADDRESSES)[number]
      await sql`
        update orders set ship_line1 = ${line1}, ship_line2 = ${line2}, ship_postcode = ${postcode},
                          ship_city = ${city}, ship_country = 'FR'
         where id = any(${ids}::integer[])`.execute(db)
    }
  },
}
