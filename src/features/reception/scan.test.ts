/**
 * Reception scans with fake look-ups (issue 31): after 'Valider', the next pallet's location
 * scanned at the product step becomes the destination instead of 'Produit inconnu'; with lines
 * still open it is asked first, and a product then lands on the destination the worker chose.
 */
import type { LocationStock } from '@contract'
import { describe, expect, it } from 'vitest'
import { parseScan } from '@/features/scanning/model/parse'
import { ApiError } from '@/lib/http'
import type { ShopProduct } from '@/lib/queries/stock'
import { initialReception, reduceReception, type ReceptionEvent, type ReceptionState } from './model.ts'
import { receptionScan } from './scan.ts'

const shop = { slug: 'shop', name: 'Boutique' }
const cup = { sku: 'SKU-1', ean13: '3700000000013', name: 'Tasse bleue' }
const notFound = (what: string) => new ApiError(404, 'not_found', `${what} inconnu`)

async function location(name: string): Promise<LocationStock> {
  if (/^[A-E]-\d\d-\d\d-\d\d$/.test(name)) return { name, stock: [] }
  throw notFound(`Emplacement ${name}`)
}
async function product(code: string): Promise<ShopProduct> {
  if (code === cup.sku || code === cup.ean13) return { product: cup, shop } as unknown as ShopProduct
  throw notFound(`Produit ${code}`)
}

function setUp() {
  let state: ReceptionState = initialReception
  const flow = {
    state: () => state,
    dispatch: (event: ReceptionEvent) => (state = reduceReception(state, event)),
    saved: () => Promise.resolve(),
  }
  const handler = receptionScan({ location, product })
  return {
    scan: (text: string) => handler(parseScan(text, 'wedge'), flow),
    state: () => state,
    dispatch: flow.dispatch,
  }
}

describe('reception scans', () => {
  it('takes the next pallet location at the product step once the lines are validated', async () => {
    const { scan, state, dispatch } = setUp()
    await expect(scan('A-01-01-01')).resolves.toBe('success')
    await scan(cup.ean13)
    dispatch({ type: 'sent', ids: state().lines.map((l) => l.id), queued: false })
    // The next pallet: its location, scanned where a product is expected.
    await expect(scan('E-06-04-03')).resolves.toBe('success')
    expect(state().destination).toBe('E-06-04-03')
    expect(state().productError).toBeUndefined()
    await scan(cup.ean13)
    expect(state().lines).toMatchObject([{ code: 'SKU-1', location: 'E-06-04-03', quantity: 1 }])
  })

  it('asks first while lines are open, and the open lines keep their location', async () => {
    const { scan, state } = setUp()
    await scan('A-01-01-01')
    await scan(cup.ean13)
    await expect(scan('E-06-04-03')).resolves.toBe('warning')
    expect(state().destination).toBe('A-01-01-01')
    expect(state().productError).toBe(
      'E-06-04-03 est un emplacement : scannez-le de nouveau pour y recevoir la suite (la ligne en cours garde son emplacement), ou validez d’abord la réception.',
    )
    // A product scanned instead still goes to the current destination, and the question goes.
    await scan(cup.ean13)
    expect(state().lines).toMatchObject([{ location: 'A-01-01-01', quantity: 2 }])
    expect(state().proposed).toBeUndefined()
    // Scanned twice in a row: the destination changes; the open line stays where it was.
    await scan('E-06-04-03')
    await scan('E-06-04-03')
    expect(state().destination).toBe('E-06-04-03')
    await scan(cup.ean13)
    expect(state().lines).toMatchObject([
      { location: 'E-06-04-03', quantity: 1 },
      { location: 'A-01-01-01', quantity: 2 },
    ])
  })

  it('still refuses a code that is neither a product nor a location', async () => {
    const { scan, state } = setUp()
    await scan('A-01-01-01')
    await expect(scan('ZZ-99')).resolves.toBe('error')
    expect(state().productError).toBe('Produit ZZ-99 inconnu')
    expect(state().destination).toBe('A-01-01-01')
  })
})
