import type { OrderTracking } from '@contract'
import { describe, expect, it } from 'vitest'
import { parseScan } from '@/features/scanning'
import { ApiError } from '@/lib/http'
import { initialPackaging, reducePackaging, type PackagingEvent, type PackagingState } from './model.ts'
import { packagingScan, type PackagingLookUps } from './scan.ts'
import { orderView, parcel, tracking } from '../../testing/packaging.ts'

function flowOf(state: PackagingState = initialPackaging) {
  let current = state
  return {
    state: () => current,
    dispatch: (event: PackagingEvent) => {
      current = reducePackaging(current, event)
    },
    saved: () => Promise.resolve(),
  }
}

const notFound = () => new ApiError(404, 'not_found', 'Commande inconnue')
const view = (name: string): OrderTracking => orderView({ order: { ...orderView().order, name } })

/** Orders ML-P0001 and ML-P0002; routing knows number 8L00000000029 (ML-P0002) and tote CAISSE-000042 (ML-P0001). */
function lookUps(): PackagingLookUps & { asked: string[] } {
  const asked: string[] = []
  return {
    asked,
    async order(name) {
      asked.push(`order ${name}`)
      if (name === 'ML-P0001' || name === 'ML-P0002') return view(name)
      throw notFound()
    },
    async orderOf(code) {
      asked.push(`routing ${code}`)
      return (
        ({ '8L00000000029': 'ML-P0002', 'CAISSE-000042': 'ML-P0001' } as Record<string, string>)[code] ?? null
      )
    },
  }
}

const scan = (code: string) => parseScan(code, 'manual')

describe('packaging scan', () => {
  it('shows an order by its name, without asking routing', async () => {
    const flow = flowOf()
    const deps = lookUps()
    expect(await packagingScan(deps)(scan(' ML-P0001 '), flow)).toBe('success')
    expect(flow.state().view?.order.name).toBe('ML-P0001')
    expect(deps.asked).toEqual(['order ML-P0001'])
  })

  it('finds the order of a tracking number when no order has that name, of a tote through routing alone', async () => {
    const flow = flowOf()
    const deps = lookUps()
    expect(await packagingScan(deps)(scan('8L00000000029'), flow)).toBe('success')
    expect(flow.state().view?.order.name).toBe('ML-P0002')
    expect(await packagingScan(deps)(scan('CAISSE-000042'), flow)).toBe('success')
    expect(flow.state().view?.order.name).toBe('ML-P0001')
    expect(deps.asked).toEqual([
      'order 8L00000000029',
      'routing 8L00000000029',
      'order ML-P0002',
      'routing CAISSE-000042',
      'order ML-P0001',
    ])
  })

  it('says in French what is unknown, and what the server refused', async () => {
    const flow = flowOf()
    expect(await packagingScan(lookUps())(scan('XYZ'), flow)).toBe('error')
    expect(flow.state().lookUpError).toBe(
      '« XYZ » : aucune commande, aucun numéro de suivi ni aucune caisse connus.',
    )
    // An order's name that routing does not know either.
    const deps = lookUps()
    expect(await packagingScan(deps)(scan('ML-P9999'), flow)).toBe('error')
    expect(flow.state().lookUpError).toBe(
      '« ML-P9999 » : aucune commande, aucun numéro de suivi ni aucune caisse connus.',
    )
    expect(deps.asked).toEqual(['order ML-P9999', 'routing ML-P9999'])
    expect(flow.state().view).toBeNull()
    const forbidden: PackagingLookUps = {
      order: () =>
        Promise.reject(
          new ApiError(403, 'forbidden', "Vous n'avez pas accès à la boutique « maison-lumiere »."),
        ),
      orderOf: () => Promise.resolve(null),
    }
    expect(await packagingScan(forbidden)(scan('ML-P0001'), flow)).toBe('error')
    expect(flow.state().lookUpError).toBe("Vous n'avez pas accès à la boutique « maison-lumiere ».")
  })

  it("shows the parcel of one of the order's tracking numbers, however it is spaced", async () => {
    const shown = orderView({
      parcels: [parcel(1), parcel(2, { status: 'labelled', tracking: tracking('8L00000000012') })],
    })
    const flow = flowOf(reducePackaging(initialPackaging, { type: 'loaded', view: shown }))
    const deps = lookUps()
    expect(await packagingScan(deps)(scan('8l 0000 0000 012'), flow)).toBe('success')
    expect(flow.state().selected).toBe(2)
    expect(deps.asked).toEqual([])
  })

  it('refuses another order while the parcels are being changed', async () => {
    const flow = flowOf(
      reducePackaging(reducePackaging(initialPackaging, { type: 'loaded', view: orderView() }), {
        type: 'editStarted',
      }),
    )
    const deps = lookUps()
    expect(await packagingScan(deps)(scan('ML-P0002'), flow)).toBe('error')
    expect(flow.state().lookUpError).toBe(
      'Enregistrez ou annulez les modifications des colis avant de changer de commande.',
    )
    expect(flow.state().view?.order.name).toBe('ML-P0001')
    expect(deps.asked).toEqual([])
  })
})
