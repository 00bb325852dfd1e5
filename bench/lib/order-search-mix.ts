/**
 * The texts bench:orders searches, drawn from the demo warehouse the way a desk worker meets them:
 * an order number read off a packing slip (typed in lower case at times), a tracking number
 * scanned off a label (voided ones too), a product's EAN-13 scanned or its SKU typed, a customer's
 * email or name (whole, last name only, or its first letters), a picking batch, a tote, the
 * ship-to's postcode or town, and texts that find nothing. Each text comes with the match kind it must be answered with.
 *
 * Built through the API, as a client would (the server holds the database): random order numbers
 * (`<shop code>-<100001 + n>`, as the seed numbers them), then each one's detail for its
 * customer, lines and parcels.
 */
import type { OrderDetail, OrderMatch } from '../../contract/index.ts'
import { pick as pickOf, type Random } from '../../server/db/seed/customers.ts'

export interface SearchCase {
  q: string
  /** The kind the first result must match by; null: no result. */
  expect: OrderMatch | null
}

/** Shares of the mix, out of 100. */
export const MIX: readonly (readonly [SearchCase['expect'] | 'name-prefix' | 'last-name', number])[] = [
  ['order', 20],
  ['tracking', 17],
  ['product', 18],
  ['email', 10],
  ['customer', 10],
  ['last-name', 6],
  ['name-prefix', 4],
  ['batch', 3],
  ['tote', 1],
  ['postcode', 4],
  ['city', 3],
  [null, 4],
]

export interface Samples {
  orders: string[]
  details: OrderDetail[]
  batches: string[]
  totes: string[]
}

const MISSES = [
  'ZZ-999999',
  'xq',
  '6A99999999999',
  '0000000000000',
  'Xylophone Quartz',
  'nobody@example.invalid',
]

/** `count` cases in MIX's shares, shuffled. */
export function buildMix(samples: Samples, count: number, random: Random): SearchCase[] {
  const pick = <T>(items: readonly T[]): T => pickOf(random, items)
  const withParcels = samples.details.filter((d) => d.parcels.some((p) => p.tracking))
  const cases: SearchCase[] = []
  for (const [kind, share] of MIX) {
    for (let i = 0; i < Math.round((count * share) / 100); i++) {
      const d = pick(samples.details)
      const name = d.order.customer.name
      const last = name.split(' ').slice(1).join(' ')
      switch (kind) {
        case 'order': {
          const order = pick(samples.orders)
          cases.push({ q: random() < 0.3 ? order.toLowerCase() : order, expect: 'order' })
          break
        }
        case 'tracking': {
          const parcel = pick(pick(withParcels).parcels.filter((p) => p.tracking))
          cases.push({ q: parcel.tracking?.number as string, expect: 'tracking' })
          break
        }
        case 'product': {
          const line = pick(d.lines)
          cases.push({ q: random() < 0.8 ? line.product.ean13 : line.product.sku, expect: 'product' })
          break
        }
        case 'email':
          cases.push({ q: d.order.customer.email as string, expect: 'email' })
          break
        case 'customer':
          cases.push({ q: random() < 0.5 ? name : name.toLowerCase(), expect: 'customer' })
          break
        case 'last-name':
          cases.push({ q: last, expect: 'customer' })
          break
        case 'name-prefix':
          cases.push({ q: last.slice(0, 3 + Math.floor(random() * 2)), expect: 'customer' })
          break
        case 'batch':
          cases.push({ q: pick(samples.batches), expect: 'batch' })
          break
        case 'tote':
          cases.push({ q: pick(samples.totes), expect: 'tote' })
          break
        case 'postcode': {
          // Typed as read off a parcel: spaces or not, any case.
          const postcode = d.order.shipTo.postcode ?? '75019'
          cases.push({
            q: random() < 0.5 ? postcode : postcode.replaceAll(' ', '').toLowerCase(),
            expect: 'postcode',
          })
          break
        }
        case 'city':
          cases.push({
            q: random() < 0.5 ? d.order.shipTo.city : d.order.shipTo.city.toLowerCase(),
            expect: 'city',
          })
          break
        case null:
          cases.push({ q: pick(MISSES), expect: null })
      }
    }
  }
  // Fisher–Yates: the kinds interleaved, as they come at a desk.
  for (let i = cases.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[cases[i], cases[j]] = [cases[j] as SearchCase, cases[i] as SearchCase]
  }
  return cases
}
