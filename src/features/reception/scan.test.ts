/**
 * Reception scans with fake look-ups: what a scan does at each step (the destination, then the
 * products), what is refused and with which message, a product asked once, the offline rule, and a
 * line's new location (moveLine). Issue 31: after 'Valider', the next pallet's location scanned at
 * the product step becomes the destination instead of 'Produit inconnu'; with lines still open it
 * is asked first, and a product then lands on the destination the worker chose.
 */
import type { LocationStock } from '@contract'
import { describe, expect, it } from 'vitest'
import { parseScan } from '@/features/scanning/model/parse'
import { ApiError } from '@/lib/http'
import type { ShopProduct } from '@/lib/queries/stock'
import {
  activeField,
  canSubmit,
  initialReception,
  receptionWrite,
  reduceReception,
  type ReceptionEvent,
  type ReceptionState,
} from './model.ts'
import { moveLine, receptionScan, unverifiedNote, type ReceptionLookUps } from './scan.ts'
import { choice, notice } from '@/testing/reception-notice'

const shop = { slug: 'shop', name: 'Boutique' }
const cup = { sku: 'SKU-1', ean13: '3700000000013', name: 'Tasse bleue' }
const bowl = { sku: 'SKU-2', ean13: '3700000000020', name: 'Bol rouge' }
const notFound = (what: string) => new ApiError(404, 'not_found', `${what} inconnu`)

/** Known locations: 'A-01' (as on the screen) or 'A-01-01-01'; 'ZZ-99' is unknown. */
async function location(name: string): Promise<LocationStock> {
  if (/^[A-Z]-\d\d(-\d\d-\d\d)?$/.test(name)) return { name, stock: [] }
  throw notFound(`Emplacement ${name}`)
}
async function product(code: string): Promise<ShopProduct> {
  const found = [cup, bowl].find((p) => code === p.sku || code === p.ean13)
  if (found) return { product: found, shop } as unknown as ShopProduct
  throw notFound(`Produit ${code}`)
}

/** The flow on the model, with the fake look-ups (or others); `asked` records every look-up, in order. */
function setUp(lookUps: Partial<ReceptionLookUps> = {}) {
  let state: ReceptionState = initialReception
  const flow = {
    state: () => state,
    dispatch: (event: ReceptionEvent) => (state = reduceReception(state, event)),
    saved: () => Promise.resolve(),
  }
  const asked = { locations: [] as string[], products: [] as string[] }
  const recorded: ReceptionLookUps = {
    location: (name) => {
      asked.locations.push(name)
      return (lookUps.location ?? location)(name)
    },
    product: (code) => {
      asked.products.push(code)
      return (lookUps.product ?? product)(code)
    },
  }
  const handler = receptionScan(recorded)
  return {
    scan: (text: string) => handler(parseScan(text, 'wedge'), flow),
    /** A line's new location, typed or scanned into its own field. */
    move: (text: string, id: string) => moveLine(text, id, flow, recorded),
    state: () => state,
    dispatch: flow.dispatch,
    asked,
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

  it('refuses a product code as the destination on the device, and an unknown location', async () => {
    const { scan, state, asked } = setUp()
    await expect(scan('3700000000013')).resolves.toBe('error')
    expect(state().destinationError).toBe('« 3700000000013 » est un code produit, pas un emplacement.')
    expect(asked.locations).toEqual([])
    await expect(scan('ZZ-99')).resolves.toBe('error')
    expect(state().destinationError).toBe("L'emplacement « ZZ-99 » est inconnu.")
    expect(state().destination).toBeNull()
    expect(activeField(state())).toBe('destination')
    expect(canSubmit(state())).toBe(false)
  })

  it('refuses an impossible product code on the device, without a look-up: a wrong check digit, two codes joined', async () => {
    const { scan, state, asked } = setUp()
    await scan('A-01')
    await expect(scan('3700000000011')).resolves.toBe('error')
    expect(state().productError).toBe(
      "Chiffre de contrôle invalide : « 3700000000011 » n'est pas un code valable. Scannez à nouveau.",
    )
    await expect(scan('37600100000903760010000106')).resolves.toBe('error')
    expect(state().productError).toBe(
      'Code impossible : 26 chiffres (un EAN en a 13). Deux codes se sont peut-être suivis : scannez à nouveau.',
    )
    expect(asked.products).toEqual([])
    expect(state().lines).toEqual([])
  })

  it('looks each product up once: one line per product at the destination, newest first, found again by any of its codes', async () => {
    const { scan, state, asked } = setUp()
    await expect(scan('A-01')).resolves.toBe('success')
    expect(state().destination).toBe('A-01')
    await expect(scan('3700000000013')).resolves.toBe('success')
    await expect(scan('SKU-2')).resolves.toBe('success')
    // The same product again, by its SKU in lower case this time: the same line, no second look-up.
    await expect(scan('sku-1')).resolves.toBe('success')
    expect(asked.products).toEqual(['3700000000013', 'SKU-2'])
    expect(state().lines).toMatchObject([
      { name: 'Bol rouge', code: 'SKU-2', location: 'A-01', quantity: 1, verified: true },
      { name: 'Tasse bleue', code: 'SKU-1', location: 'A-01', quantity: 2, verified: true },
    ])
  })

  it('takes a product it cannot check (offline or server failure) as an unverified line, sent as scanned', async () => {
    let failure = new ApiError(0, 'network', 'Serveur injoignable.')
    const { scan, state, asked } = setUp({
      product: () => Promise.reject(failure),
    })
    await scan('A-01')
    await expect(scan('3700000000099')).resolves.toBe('warning')
    expect(state().lines).toMatchObject([
      { code: '3700000000099', name: '3700000000099', verified: false, quantity: 1 },
    ])
    await expect(scan('3700000000099')).resolves.toBe('warning')
    expect(state().lines).toMatchObject([{ code: '3700000000099', quantity: 2 }])
    expect(asked.products).toEqual(['3700000000099'])
    failure = new ApiError(503, 'unavailable', 'Service indisponible')
    await expect(scan('SKU-7')).resolves.toBe('warning')
    expect(state().lines).toMatchObject([
      { code: 'SKU-7', name: 'SKU-7', verified: false, quantity: 1 },
      { code: '3700000000099', verified: false, quantity: 2 },
    ])
    expect(receptionWrite(state(), 'shop').write.body).toEqual({
      lines: [
        { code: '3700000000099', quantity: 2, location: 'A-01' },
        { code: 'SKU-7', quantity: 1, location: 'A-01' },
      ],
    })
    // What the screen says under such a line.
    expect(unverifiedNote).toBe('Produit non vérifié (hors ligne)')
  })

  it('refuses on the line an unknown location or a product code as its new location, and merges it with the same product at a known one', async () => {
    const { scan, move, state, dispatch } = setUp()
    await scan('A-01')
    await scan('SKU-1')
    const atA = state().lines[0]!.id
    await move('ZZ-99', atA)
    expect(state().lines).toMatchObject([
      { id: atA, location: 'A-01', quantity: 1, error: "L'emplacement « ZZ-99 » est inconnu." },
    ])
    await move('3700000000013', atA)
    expect(state().lines).toMatchObject([
      { id: atA, location: 'A-01', error: '« 3700000000013 » est un code produit, pas un emplacement.' },
    ])
    // The destination changed ('Modifier'), the same product scanned twice there: a line of its own.
    dispatch({ type: 'changeDestination' })
    await scan('B-02')
    await scan('SKU-1')
    await scan('SKU-1')
    expect(state().lines.map((l) => [l.name, l.location, l.quantity])).toEqual([
      ['Tasse bleue', 'B-02', 2],
      ['Tasse bleue', 'A-01', 1],
    ])
    // Moved back to A-01: one line with both quantities.
    await move('A-01', state().lines[0]!.id)
    expect(state().lines).toHaveLength(1)
    expect(state().lines[0]).toMatchObject({ name: 'Tasse bleue', location: 'A-01', quantity: 3 })
    expect(state().lines[0]?.error).toBeUndefined()
  })

  it('against a delivery, takes a product its notice names without a look-up (offline too), and warns when it goes over or was not announced', async () => {
    const { scan, state, dispatch, asked } = setUp({
      product: () => Promise.reject(new ApiError(0, 'network', 'Serveur injoignable.')),
    })
    dispatch({ type: 'expectedChosen', choice })
    dispatch({ type: 'noticeLoaded', notice: notice({ cup: 1 }) })
    await scan('A-01')
    await expect(scan('3700000000013')).resolves.toBe('success')
    expect(state().lines).toMatchObject([{ code: 'SKU-1', name: 'Tasse bleue', verified: true, quantity: 1 }])
    expect(asked.products).toEqual([])
    // 1 counted + 2 here, 2 announced: taken, with a warning.
    await expect(scan('SKU-1')).resolves.toBe('warning')
    expect(state().lines).toMatchObject([{ quantity: 2 }])
    expect(state().scanNote).toBe('Tasse bleue : 3 reçus pour 2 annoncés (1 en trop).')
    await expect(scan('SKU-2')).resolves.toBe('success')
    expect(state().scanNote).toBeUndefined()
    // Not in the notice and not checkable offline: an unverified line, outside the delivery.
    await expect(scan('3700000000099')).resolves.toBe('warning')
    expect(state().scanNote).toBe(
      '3700000000099 n’est pas annoncé dans « LIV-2026-001 » : il est compté en plus.',
    )
  })
})
