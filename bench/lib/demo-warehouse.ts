/**
 * The demo warehouse as the server seeds it (server/db/seed), rebuilt here so a benchmark can aim at real
 * products and locations without asking the API for them first.
 */

export const SHOPS = [
  { slug: 'maison-lumiere', code: 'ML', index: 1 },
  { slug: 'atelier-velo', code: 'AV', index: 2 },
  { slug: 'green-cosmetics', code: 'GC', index: 3 },
  { slug: 'papeterie-du-port', code: 'PP', index: 4 },
] as const
export type Shop = (typeof SHOPS)[number]
export const PRODUCTS_PER_SHOP = 90

/** The 360 storage locations of the demo warehouse, aisle-bay-level-position. */
export const STORAGE: string[] = []
for (const aisle of ['A', 'B', 'C', 'D', 'E'])
  for (let bay = 1; bay <= 6; bay++)
    for (let level = 1; level <= 4; level++)
      for (let position = 1; position <= 3; position++)
        STORAGE.push([aisle, ...[bay, level, position].map((n) => String(n).padStart(2, '0'))].join('-'))

export const sku = (shop: Shop, counter: number) => `${shop.code}-${String(counter).padStart(4, '0')}`

/** The demo EAN-13: 37600, the shop (1-4), a 6-digit counter, the check digit. */
export function ean(shop: Shop, counter: number): string {
  const body = `37600${shop.index}${String(counter).padStart(6, '0')}`
  const sum = [...body].reverse().reduce((s, d, k) => s + Number(d) * (k % 2 === 0 ? 3 : 1), 0)
  return body + ((10 - (sum % 10)) % 10)
}
