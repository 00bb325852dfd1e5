import type { LocationStock } from '@contract'
import { describe, expect, it, vi } from 'vitest'
import { parseScan } from '@/features/scanning/model/parse'
import { ApiError } from '@/lib/http'
import { initialRebut, reduceRebut, type RebutEvent, type RebutState } from './model.ts'
import { rebutScan } from './scan.ts'

const shop = { slug: 'shop', name: 'Boutique' }
const content: LocationStock = {
  name: 'A-01',
  stock: [
    { sku: 'SKU-1', ean13: '3700000000013', name: 'Tasse bleue', shop, quantity: 2 },
    {
      sku: 'SKU-3',
      ean13: '3700000000037',
      name: 'Vase vert',
      shop: { slug: 'other', name: 'Autre' },
      quantity: 4,
    },
  ],
}

/** A flow over the real reducer, and the scan handler with a fake location look-up. */
function setUp(location: (name: string) => Promise<LocationStock> = async () => content) {
  let state: RebutState = initialRebut
  const flow = {
    state: () => state,
    dispatch: (event: RebutEvent) => (state = reduceRebut(state, event)),
    saved: () => Promise.resolve(),
  }
  const lookUp = vi.fn(location)
  const handler = rebutScan('shop', { location: lookUp })
  const scan = (text: string) => handler(parseScan(text, 'wedge'), flow)
  return { scan, state: () => state, dispatch: flow.dispatch, lookUp }
}

describe('rebut scans', () => {
  it('refuses a product code as the location, without asking the server', async () => {
    const { scan, state, lookUp } = setUp()
    await expect(scan('3700000000013')).resolves.toBe('error')
    expect(state().locationError).toBe('« 3700000000013 » est un code produit, pas un emplacement.')
    expect(lookUp).not.toHaveBeenCalled()
  })

  it('says an unknown location is unknown, and takes one the server cannot check unverified', async () => {
    const unknown = setUp(() => Promise.reject(new ApiError(404, 'not_found', 'Emplacement introuvable')))
    await expect(unknown.scan('Z-99')).resolves.toBe('error')
    expect(unknown.state().locationError).toBe("L'emplacement « Z-99 » est inconnu.")
    const offline = setUp(() => Promise.reject(new ApiError(0, 'network', 'Réseau')))
    await expect(offline.scan('B-02')).resolves.toBe('warning')
    expect(offline.state().source).toEqual({ name: 'B-02', stock: null })
    expect(offline.state().locationError).toBeUndefined()
    // A server error is no answer about the location either: taken unverified too.
    const failing = setUp(() => Promise.reject(new ApiError(503, 'unavailable', 'Service indisponible.')))
    await expect(failing.scan('B-02')).resolves.toBe('warning')
    expect(failing.state().source).toEqual({ name: 'B-02', stock: null })
    expect(failing.state().locationError).toBeUndefined()
  })

  it("keeps only this shop's products, and refuses a product not in the location", async () => {
    const { scan, state } = setUp()
    await expect(scan('A-01')).resolves.toBe('success')
    expect(state().source?.stock?.map((s) => s.sku)).toEqual(['SKU-1'])
    expect(scan('SKU-9')).toBe('error')
    expect(state().productError).toBe("Le produit « SKU-9 » n'est pas dans A-01.")
    expect(scan('SKU-3')).toBe('error')
    expect(state().productError).toBe("Le produit « SKU-3 » n'est pas dans A-01.")
    // Nothing is picked: no quantity to set.
    expect(state().product).toBeNull()
  })

  it('refuses an impossible code locally, before anything else', async () => {
    const { scan, state } = setUp()
    await scan('A-01')
    expect(scan('3700000000011')).toBe('error')
    expect(state().productError).toMatch(/Chiffre de contrôle invalide/)
  })

  it('adds 1 per scan of the same product, by any of its codes, and refuses one beyond the stock', async () => {
    const { scan, state } = setUp()
    await scan('A-01')
    expect(scan('3700000000013')).toBe('success')
    expect(scan('sku-1')).toBe('success')
    expect(state().quantity).toBe(2)
    expect(scan('SKU-1')).toBe('error')
    expect(state().quantity).toBe(2)
    expect(state().productError).toBe("Tasse bleue : au plus 2 dans l'emplacement.")
  })

  it('after a scrap, limits the next one by what is left in the location', async () => {
    const { scan, state, dispatch } = setUp()
    await scan('A-01')
    scan('SKU-1')
    dispatch({
      type: 'sent',
      body: { code: 'SKU-1', quantity: 1, location: 'A-01', reason: 1 },
      name: 'Tasse bleue',
      reasonLabel: 'Cassé',
      queued: false,
    })
    expect(scan('SKU-1')).toBe('success')
    expect(state().product?.max).toBe(1)
    expect(scan('SKU-1')).toBe('error')
    expect(state().productError).toBe("Tasse bleue : au plus 1 dans l'emplacement.")
  })

  it('offline, takes the GTIN of a GS1 scan, not the whole string, and counts it again by its EAN', async () => {
    const { scan, state } = setUp(() => Promise.reject(new ApiError(503, 'unavailable', 'Indisponible')))
    await scan('A-01')
    expect(scan('(01)03700000000013(10)LOT7')).toBe('warning')
    expect(state().product).toEqual({ code: '3700000000013', name: '3700000000013', max: null })
    expect(scan('3700000000013')).toBe('warning')
    expect(state().quantity).toBe(2)
  })

  it('offline, takes a plain code as scanned and counts it again, unverified', async () => {
    const { scan, state } = setUp(() => Promise.reject(new ApiError(0, 'network', 'Réseau')))
    await scan('B-02')
    expect(scan('ML-0001')).toBe('warning')
    expect(state().product).toEqual({ code: 'ML-0001', name: 'ML-0001', max: null })
    expect(scan('ML-0001')).toBe('warning')
    expect(state().quantity).toBe(2)
  })
})
