import type { LocationStock } from '@contract'
import { describe, expect, it, vi } from 'vitest'
import { parseScan } from '@/features/scanning/model/parse'
import { ApiError } from '@/lib/http'
import {
  canSubmit,
  initialInventory,
  reduceInventory,
  type InventoryEvent,
  type InventoryState,
} from './model.ts'
import { inventoryScan } from './scan.ts'

const shop = { slug: 'shop', name: 'Boutique' }
const stock = [
  { sku: 'SKU-1', ean13: '3700000000013', name: 'Tasse bleue', shop, quantity: 3 },
  { sku: 'SKU-2', ean13: '3700000000020', name: 'Bol rouge', shop, quantity: 2 },
]
const offline = () => new ApiError(0, 'network', 'Réseau')

/** Known locations: A-01 (the stock above) and B-02 (empty); the rest is unknown. */
async function known(name: string): Promise<LocationStock> {
  if (name === 'A-01') return { name, stock }
  if (name === 'B-02') return { name, stock: [] }
  throw new ApiError(404, 'not_found', `Emplacement « ${name} » inconnu.`)
}

/** A flow over the real reducer, and the scan handler with a fake location look-up. */
function setUp(location: (name: string) => Promise<LocationStock> = known) {
  let state: InventoryState = initialInventory
  const flow = {
    state: () => state,
    dispatch: (event: InventoryEvent) => (state = reduceInventory(state, event)),
    saved: () => Promise.resolve(),
  }
  const lookUp = vi.fn(location)
  const handler = inventoryScan({ location: lookUp })
  const scan = (text: string) => Promise.resolve(handler(parseScan(text, 'wedge'), flow))
  return { scan, state: () => state, lookUp }
}
const counted = (state: InventoryState) => state.counts.map((c) => [c.name, c.code, c.quantity])

describe('inventory scans', () => {
  it('looks the location up, listing what it holds; refuses a product code without asking the server, and an unknown location', async () => {
    const { scan, state, lookUp } = setUp()
    await expect(scan('3700000000013')).resolves.toBe('error')
    expect(state().locationError).toBe('« 3700000000013 » est un code produit, pas un emplacement.')
    expect(lookUp).not.toHaveBeenCalled()
    await expect(scan('ZZ-99')).resolves.toBe('error')
    expect(state().locationError).toBe("L'emplacement « ZZ-99 » est inconnu.")
    expect(state().location).toBeNull()
    await expect(scan('A-01')).resolves.toBe('success')
    expect(state().location).toBe('A-01')
    expect(state().locationError).toBeUndefined()
    expect(state().expected).toEqual([
      { sku: 'SKU-1', ean13: '3700000000013', name: 'Tasse bleue', quantity: 3 },
      { sku: 'SKU-2', ean13: '3700000000020', name: 'Bol rouge', quantity: 2 },
    ])
  })

  it('refuses on the product step an impossible code and the location itself, counting nothing', async () => {
    const { scan, state } = setUp()
    await scan('A-01')
    await expect(scan('3700000000011')).resolves.toBe('error')
    expect(state().productError).toMatch(/Chiffre de contrôle invalide/)
    await expect(scan('A-01')).resolves.toBe('error')
    expect(state().productError).toBe('« A-01 » est l’emplacement compté : scannez les produits.')
    expect(state().counts).toEqual([])
    expect(canSubmit(state())).toBe(false)
  })

  it('counts a product by EAN or SKU without asking the server; a product not listed there is counted with a warning', async () => {
    const { scan, state, lookUp } = setUp()
    await scan('A-01')
    await expect(scan('3700000000013')).resolves.toBe('success')
    await expect(scan('sku-1')).resolves.toBe('success')
    await expect(scan('3700000000099')).resolves.toBe('warning')
    expect(state().productError).toBeUndefined()
    expect(counted(state())).toEqual([
      ['3700000000099', '3700000000099', 1],
      ['Tasse bleue', 'SKU-1', 2],
    ])
    expect(lookUp).toHaveBeenCalledTimes(1)
  })

  it('offline, takes the location unverified (its content unknown) and every product as scanned, with a warning', async () => {
    const { scan, state } = setUp(() => Promise.reject(offline()))
    await expect(scan('C-03')).resolves.toBe('warning')
    expect(state().location).toBe('C-03')
    expect(state().expected).toBeNull()
    await expect(scan('3700000000013')).resolves.toBe('warning')
    expect(counted(state())).toEqual([['3700000000013', '3700000000013', 1]])
  })
})
