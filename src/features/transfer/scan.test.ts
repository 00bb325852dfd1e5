import type { LocationStock } from '@contract'
import { describe, expect, it, vi } from 'vitest'
import { parseScan } from '@/features/scanning/model/parse'
import { ApiError } from '@/lib/http'
import {
  initialTransfer,
  reduceTransfer,
  transferWrite,
  type TransferEvent,
  type TransferState,
} from './model.ts'
import { transferScan } from './scan.ts'

const shop = { slug: 'shop', name: 'Boutique' }
const stock = [
  { sku: 'SKU-1', ean13: '3700000000013', name: 'Tasse bleue', shop, quantity: 2 },
  { sku: 'SKU-2', ean13: '3700000000020', name: 'Bol rouge', shop, quantity: 5 },
]
const notFound = (name: string) => new ApiError(404, 'not_found', `Emplacement « ${name} » introuvable`)
const offline = () => new ApiError(0, 'network', 'Réseau')

/** Known locations: A-01 (the stock above) and any 'B-..'; the rest is unknown. */
async function known(name: string): Promise<LocationStock> {
  if (name === 'A-01') return { name, stock }
  if (name.startsWith('B-')) return { name, stock: [] }
  throw notFound(name)
}

/** A flow over the real reducer, and the scan handler with a fake location look-up. */
function setUp(location: (name: string) => Promise<LocationStock> = known) {
  let state: TransferState = initialTransfer
  const flow = {
    state: () => state,
    dispatch: (event: TransferEvent) => (state = reduceTransfer(state, event)),
    saved: () => Promise.resolve(),
  }
  const lookUp = vi.fn(location)
  const handler = transferScan({ location: lookUp })
  const scan = (text: string) => handler(parseScan(text, 'wedge'), flow)
  return { scan, state: () => state, lookUp, dispatch: flow.dispatch }
}

describe('transfer scans', () => {
  it('looks the source up; refuses a product code, an unknown location, an empty one', async () => {
    const { scan, state, lookUp } = setUp()
    await expect(scan('3700000000013')).resolves.toBe('error')
    expect(state().sourceError).toBe('« 3700000000013 » est un code produit, pas un emplacement.')
    expect(lookUp).not.toHaveBeenCalled()
    await expect(scan('ZZ-99')).resolves.toBe('error')
    expect(state().sourceError).toBe("L'emplacement « ZZ-99 » est inconnu.")
    await expect(scan('B-01')).resolves.toBe('error')
    expect(state().sourceError).toBe("L'emplacement « B-01 » est vide : rien à transférer.")
    await expect(scan('A-01')).resolves.toBe('success')
    expect(state().source).toEqual({ name: 'A-01', stock })
  })

  it('adds products of the source without asking the server, and refuses the others', async () => {
    const { scan, state, lookUp } = setUp()
    await scan('A-01')
    // A typed SKU the source does not hold, before anything is chosen: not a destination either.
    await expect(scan('SKU-9')).resolves.toBe('error')
    expect(state().productError).toBe("Le produit « SKU-9 » n'est pas dans A-01.")
    await expect(scan('3700000000013')).resolves.toBe('success')
    await expect(scan('sku-1')).resolves.toBe('success')
    await expect(scan('SKU-1')).resolves.toBe('error')
    expect(state().productError).toBe("Tasse bleue : au plus 2 dans l'emplacement source.")
    await expect(scan('3700000000099')).resolves.toBe('error')
    expect(state().productError).toBe("Le produit « 3700000000099 » n'est pas dans A-01.")
    await expect(scan('3700000000011')).resolves.toBe('error')
    expect(state().productError).toMatch(/Chiffre de contrôle invalide/)
    expect(lookUp).toHaveBeenCalledTimes(1)
    expect(state().lines.map((l) => [l.code, l.quantity])).toEqual([['SKU-1', 2]])
  })

  it('takes a known location scanned after the products as the destination, never an unknown one', async () => {
    const { scan, state } = setUp()
    await scan('A-01')
    // Nothing chosen yet: not a destination.
    await expect(scan('B-02')).resolves.toBe('error')
    expect(state().destination).toBeNull()
    await scan('SKU-1')
    await expect(scan('ZZ-99')).resolves.toBe('error')
    expect(state().productError).toBe("« ZZ-99 » n'est ni un produit de A-01, ni un emplacement connu.")
    await expect(scan('A-01')).resolves.toBe('error')
    expect(state().productError).toBe("La destination doit être différente de l'emplacement source.")
    await expect(scan('B-02')).resolves.toBe('success')
    expect(state().destination).toEqual({ name: 'B-02', verified: true })
    expect(state().step).toBe('product')
    // A product forgotten is still added; the destination stays.
    await expect(scan('SKU-2')).resolves.toBe('success')
    expect(state().destination?.name).toBe('B-02')
    expect(transferWrite(state()).write.body).toEqual({
      from: 'A-01',
      to: 'B-02',
      lines: [
        { code: 'SKU-1', quantity: 1 },
        { code: 'SKU-2', quantity: 1 },
      ],
    })
  })

  it('always looks the destination up on its step: unknown refused, the source refused, known taken, offline taken unverified', async () => {
    let network = true
    const { scan, state, dispatch, lookUp } = setUp((name) =>
      network ? known(name) : Promise.reject(offline()),
    )
    await scan('A-01')
    dispatch({ type: 'allChosen' })
    expect(state().step).toBe('destination')
    await expect(scan('ZZ-99')).resolves.toBe('error')
    expect(state().destinationError).toBe("L'emplacement « ZZ-99 » est inconnu.")
    await expect(scan('3700000000013')).resolves.toBe('error')
    expect(state().destinationError).toBe('« 3700000000013 » est un code produit, pas un emplacement.')
    await expect(scan('A-01')).resolves.toBe('error')
    expect(state().destinationError).toBe("La destination doit être différente de l'emplacement source.")
    expect(state().destination).toBeNull()
    // Looked up: the source, ZZ-99; neither the product code nor the source again.
    expect(lookUp.mock.calls.map(([name]) => name)).toEqual(['A-01', 'ZZ-99'])
    await expect(scan('B-02')).resolves.toBe('success')
    expect(state().destination).toEqual({ name: 'B-02', verified: true })
    expect(state().destinationError).toBeUndefined()
    expect(state().step).toBe('product')
    dispatch({ type: 'changeDestination' })
    network = false
    await expect(scan('C-03')).resolves.toBe('warning')
    expect(state().destination).toEqual({ name: 'C-03', verified: false })
  })

  it('offline, takes the source unread and its scans as products; a location found online is the destination', async () => {
    let network = false
    const { scan, state } = setUp((name) => (network ? known(name) : Promise.reject(offline())))
    await expect(scan('A-01')).resolves.toBe('warning')
    expect(state().source).toEqual({ name: 'A-01', stock: null })
    await expect(scan('SKU-7')).resolves.toBe('warning')
    await expect(scan('SKU-7')).resolves.toBe('warning')
    // Another code, still offline: nothing tells a SKU from a location, it is a product.
    await expect(scan('B-02')).resolves.toBe('warning')
    expect(state().lines.map((l) => [l.code, l.quantity])).toEqual([
      ['B-02', 1],
      ['SKU-7', 2],
    ])
    network = true
    await expect(scan('B-03')).resolves.toBe('success')
    expect(state().destination).toEqual({ name: 'B-03', verified: true })
  })
})
