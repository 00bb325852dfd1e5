import type { OrderSummary } from '@contract'
import { describe, expect, it, vi } from 'vitest'
import { parseScan } from '@/features/scanning/model/parse'
import { ApiError } from '@/lib/http'
import {
  activeField,
  initialReturn,
  reduceReturn,
  returnWrite,
  type ReturnEvent,
  type ReturnState,
} from './model.ts'
import { returnScan, type ReturnLookUps } from './scan.ts'
import { orderDetailOf, preview } from '../../testing/order-return.ts'

const summary = (name: string, by: OrderSummary['match']['by'], value: string): OrderSummary => {
  const { order } = orderDetailOf({ name })
  return { ...order, match: { by, value } }
}
const notFound = () => Promise.reject(new ApiError(404, 'not_found', 'Commande introuvable'))
const offline = () => Promise.reject(new ApiError(0, 'network', 'Réseau'))

/** A flow over the real reducer, and the scan handler with fake look-ups. */
function setUp(over: Partial<ReturnLookUps> = {}) {
  let state: ReturnState = initialReturn
  const flow = {
    state: () => state,
    dispatch: (event: ReturnEvent) => (state = reduceReturn(state, event)),
    saved: () => Promise.resolve(),
  }
  const lookUps = {
    preview: true,
    detail: vi.fn(async (order: string) => (order === 'ML-R0042' ? orderDetailOf() : notFound())),
    search: vi.fn(async (q: string) => (q === '8L0000000042' ? [summary('ML-R0042', 'tracking', q)] : [])),
    location: vi.fn(async (name: string) => (name === 'A-01-01-01' ? { name } : notFound())),
    ...over,
  }
  const handler = returnScan(lookUps)
  const scan = (text: string) => handler(parseScan(text, 'wedge'), flow)
  return { scan, state: () => state, dispatch: flow.dispatch, lookUps }
}

describe('return scans', () => {
  it('finds the order by its number, without a search', async () => {
    const { scan, state, lookUps } = setUp()
    await expect(scan('ML-R0042')).resolves.toBe('success')
    expect(state().parcel).toEqual({ kind: 'order', code: 'ML-R0042', order: preview })
    expect(lookUps.search).not.toHaveBeenCalled()
  })

  it('finds the order by a tracking number: the one order the search matched by tracking', async () => {
    const { scan, state, lookUps } = setUp()
    await expect(scan('8L0000000042')).resolves.toBe('success')
    expect(state().parcel).toMatchObject({ kind: 'order', code: '8L0000000042', order: { name: 'ML-R0042' } })
    expect(lookUps.detail).toHaveBeenLastCalledWith('ML-R0042')
  })

  it("says 'Commande introuvable' when nothing (or only a customer, a product…) matches, and refuses two orders", async () => {
    const product = setUp({ search: async (q) => [summary('ML-R0042', 'product', q)] })
    await expect(product.scan('3760010000014')).resolves.toBe('error')
    expect(product.state().notFound).toBe('3760010000014')
    expect(product.state().parcelError).toMatch(/Commande introuvable/)
    const two = setUp({
      search: async (q) => [summary('ML-R0042', 'tracking', q), summary('ML-R0043', 'tracking', q)],
    })
    await expect(two.scan('8L0000000042')).resolves.toBe('error')
    expect(two.state().parcelError).toBe(
      '« 8L0000000042 » désigne plusieurs commandes : scannez le numéro de commande.',
    )
    expect(two.state().parcel).toBeNull()
  })

  it('refuses an order that cannot take a return, and offers to park the parcel with its code', async () => {
    const { scan, state } = setUp({ detail: async () => orderDetailOf({ status: 'returned' }) })
    await expect(scan('ML-R0042')).resolves.toBe('error')
    expect(state().parcel).toBeNull()
    expect(state().parcelError).toBe(
      'La commande ML-R0042 est « Retournée » : seule une commande expédiée peut être retournée. Mettez le colis en attente sans commande si besoin.',
    )
    expect(state().notFound).toBe('ML-R0042')
    const partly = setUp({ detail: async () => orderDetailOf({ status: 'partially_returned' }) })
    await expect(partly.scan('ML-R0042')).resolves.toBe('success')
  })

  it('takes the parcel as scanned when the server cannot be reached, or the user may not read orders', async () => {
    const down = setUp({ detail: offline })
    await expect(down.scan('ML-R0042')).resolves.toBe('warning')
    expect(down.state().parcel).toEqual({ kind: 'unverified', code: 'ML-R0042', why: 'offline' })
    const noRole = setUp({ preview: false })
    await expect(noRole.scan('8L0000000042')).resolves.toBe('warning')
    expect(noRole.state().parcel).toEqual({ kind: 'unverified', code: '8L0000000042', why: 'no-preview' })
    expect(noRole.lookUps.detail).not.toHaveBeenCalled()
    const forbidden = setUp({ detail: () => Promise.reject(new ApiError(403, 'forbidden', 'Accès refusé')) })
    await expect(forbidden.scan('ML-R0042')).resolves.toBe('warning')
    expect(forbidden.state().parcel).toMatchObject({ why: 'no-preview' })
  })

  it('adds a product of the order by its EAN or SKU, and refuses more than returnable with the error tone', async () => {
    const { scan, state } = setUp()
    await scan('ML-R0042')
    expect(await scan('3760010000021')).toBe('success')
    expect(state().lines[0]).toMatchObject({ code: 'ML-0002', name: 'Bougie', inOrder: true })
    await scan('A-01-01-01')
    expect(await scan('ml-0002')).toBe('success')
    expect(await scan('3760010000021')).toBe('error')
    expect(state().lines[0]?.quantity).toBe(2)
    expect(state().itemError).toBe('Bougie : au plus 2 à retourner (expédié 3, déjà retourné 1).')
  })

  it("adds anything else 'hors commande' with the warning tone; refuses an impossible code", async () => {
    const { scan, state } = setUp()
    await scan('ML-R0042')
    expect(await scan('(01)03760099999995(10)LOT1')).toBe('warning')
    expect(state().lines[0]).toMatchObject({
      code: '3760099999995',
      inOrder: false,
      disposition: 'quarantine',
    })
    expect(await scan('3760010000011')).toBe('error')
    expect(state().itemError).toMatch(/Chiffre de contrôle invalide/)
  })

  it('places a restock with the location scanned; a product barcode instead is the next item', async () => {
    const { scan, state } = setUp()
    await scan('ML-R0042')
    await scan('3760010000014')
    expect(await scan('Z-99')).toBe('error')
    expect(state().locationError).toBe("L'emplacement « Z-99 » est inconnu.")
    expect(await scan('3760010000021')).toBe('success')
    expect(state().lines.map((l) => [l.code, l.location])).toEqual([
      ['ML-0001', null],
      ['ML-0002', null],
    ])
    // The new line asks its location now.
    expect(await scan('A-01-01-01')).toBe('success')
    expect(state().lines[1]).toMatchObject({ location: 'A-01-01-01', locationVerified: true })
  })

  it('takes a location unverified offline', async () => {
    const { scan, state } = setUp({ location: offline })
    await scan('ML-R0042')
    await scan('3760010000014')
    expect(await scan('B-02')).toBe('warning')
    expect(state().lines[0]).toMatchObject({ location: 'B-02', locationVerified: false })
  })

  it("says 'Commande introuvable' for a code that names no order nor parcel, and once parked takes any item 'hors commande'", async () => {
    const { scan, state, dispatch, lookUps } = setUp()
    await expect(scan('INCONNU-7')).resolves.toBe('error')
    expect(lookUps.search).toHaveBeenCalledWith('INCONNU-7')
    expect(state().parcelError).toBe('Commande introuvable : aucune commande ni aucun colis « INCONNU-7 ».')
    expect(state().notFound).toBe('INCONNU-7')
    dispatch({ type: 'parked' })
    expect(await scan('ML-0001')).toBe('success')
    expect(state().lines[0]).toMatchObject({
      code: 'ML-0001',
      name: 'ML-0001',
      inOrder: false,
      disposition: 'quarantine',
    })
  })

  it("without the right to read orders, takes an item unchecked with the warning tone: its location may come later ('Plus tard'), and it goes to quarantine as scanned", async () => {
    const { scan, state, dispatch } = setUp({ preview: false })
    await scan('8L0000000042')
    expect(await scan('3760010000014')).toBe('warning')
    expect(state().lines[0]).toMatchObject({
      code: '3760010000014',
      name: '3760010000014',
      inOrder: null,
      disposition: 'restock',
    })
    expect(activeField(state())).toBe('location')
    dispatch({ type: 'locationSkipped' })
    dispatch({ type: 'originPicked', id: 1 })
    dispatch({ type: 'dispositionSet', id: 'L1', disposition: 'quarantine' })
    expect(activeField(state())).toBe('item')
    expect(returnWrite(state()).write.body).toEqual({
      order: '8L0000000042',
      origin: 1,
      lines: [{ code: '3760010000014', quantity: 1, condition: 'new', disposition: 'quarantine' }],
    })
  })
})
