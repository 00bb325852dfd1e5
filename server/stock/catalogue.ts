/**
 * What a stock write looks up (products by scanned code, locations by name, the scrap reason),
 * kept by this process from one write to the next (issue 15, headroom on the API): a scanner
 * scans the same few hundred products and locations all day, and each look-up was a round trip
 * to the database, a third of a write's statements.
 *
 * What is kept is current while the database's change feed has not counted a 'catalogue'
 * notification since it was read (db/functions/change-feed.sql: products, shops, locations and scrap reasons
 * notify when they change; db/change-feed.ts). A notification that arrives while a look-up runs
 * makes the next write look up again. Only what was found is kept: a code nobody knows is asked
 * again each time, so a product imported a moment ago is found. A feed with no listener keeps
 * nothing.
 */
import { changeFeedOf } from '../db/change-feed.ts'
import type { Db } from '../db/connect.ts'
import { type LocationRow, type LookedUp, type LookUp, lookUp, matches, type ProductRow } from './resolve.ts'

/** Past this many codes or names kept, the catalogue starts again empty. */
const MAX_KEPT = 20_000

interface Kept {
  /** The feed's 'catalogue' count when what is kept was read. */
  count: number
  /** Per scanned code (SKU or EAN-13): the products it names, in every shop. */
  products: Map<string, ProductRow[]>
  locations: Map<string, LocationRow>
  reasons: Map<number, { id: number; label: string }>
}

const kept = new WeakMap<Db, Kept>()

const fresh = (count: number): Kept => ({
  count,
  products: new Map(),
  locations: new Map(),
  reasons: new Map(),
})

/** `what`, from what this process keeps when it knows all of it, otherwise from the database. */
export async function lookUpStock(db: Db, what: LookUp): Promise<LookedUp> {
  const codes = [...new Set(what.codes ?? [])]
  const names = [...new Set(what.locations ?? [])]
  const count = changeFeedOf(db)?.count('catalogue')
  const known = kept.get(db)
  if (count !== undefined && known?.count === count) {
    const found = fromKept(known, codes, names, what.reason)
    if (found) return found
  }
  const found = await lookUp(db, what)
  if (count !== undefined) keep(db, count, found, codes, names)
  return found
}

function fromKept(known: Kept, codes: string[], names: string[], reasonId?: number): LookedUp | null {
  const products = new Map<number, ProductRow>()
  for (const code of codes) {
    const named = known.products.get(code)
    if (!named) return null
    for (const product of named) products.set(product.id, product)
  }
  const locations = new Map<string, LocationRow>()
  for (const name of names) {
    const location = known.locations.get(name)
    if (!location) return null
    locations.set(name, location)
  }
  let reason: LookedUp['reason'] = null
  if (reasonId !== undefined) {
    reason = known.reasons.get(reasonId) ?? null
    if (!reason) return null
  }
  // In id order, as the look-up answers them.
  return { products: [...products.values()].sort((a, b) => a.id - b.id), locations, reason }
}

/** Keeps what a look-up made while the feed stood at `count` found. */
function keep(db: Db, count: number, found: LookedUp, codes: string[], names: string[]): void {
  let known = kept.get(db)
  // Kept since by a look-up that started after a notification: newer than this one.
  if (known && known.count > count) return
  if (!known || known.count !== count || known.products.size + known.locations.size > MAX_KEPT) {
    known = fresh(count)
    kept.set(db, known)
  }
  for (const code of codes) {
    const named = found.products.filter((p) => matches(p, code))
    if (named.length > 0) known.products.set(code, named)
  }
  for (const name of names) {
    const location = found.locations.get(name)
    if (location) known.locations.set(name, location)
  }
  if (found.reason) known.reasons.set(found.reason.id, found.reason)
}
