import type { RoutingAnswer } from '@contract'
import { describe, expect, it, vi } from 'vitest'
import { parseScan } from '@/features/scanning/model/parse'
import { ApiError } from '@/lib/http'
import { initialSlips, reduceSlips, type SlipEvent, type SlipState } from './model.ts'
import { slipScan } from './scan.ts'
import { COLISSIMO, GROUPS, routing, UPS } from '../../testing/carrier-slip.ts'

const TN_UPS = UPS.parcels[0]!.trackingNumber

/** A flow over the real reducer, with the list given and Colissimo open, and a fake routing. */
function setUp(route: (code: string) => Promise<RoutingAnswer>) {
  let state: SlipState = reduceSlips(initialSlips, { type: 'listed', groups: GROUPS })
  const flow = {
    state: () => state,
    dispatch: (event: SlipEvent) => (state = reduceSlips(state, event)),
    saved: () => Promise.resolve(),
  }
  flow.dispatch({ type: 'opened', group: COLISSIMO.group.code })
  const routeFn = vi.fn(route)
  const handler = slipScan({ route: routeFn })
  const scan = (text: string) => handler(parseScan(text, 'wedge'), flow)
  return { scan, state: () => state, route: routeFn, dispatch: flow.dispatch }
}

describe('carrier slip scans', () => {
  it("ticks the slip's own parcel at once, without asking the server (lower case read as upper)", () => {
    const { scan, state, route } = setUp(async () => routing('x', null))
    expect(scan('6a00000000011')).toBe('success')
    expect(state().loaded).toEqual({ 'COLISSIMO-17H': ['6A00000000011'] })
    expect(scan('6A00000000011')).toBe('warning')
    expect(route).not.toHaveBeenCalled()
  })

  it("asks routing for any other parcel: another slip's is refused with where it goes", async () => {
    const { scan, state, route } = setUp(async (code) => routing(code, code === TN_UPS ? UPS : null))
    await expect(scan(TN_UPS)).resolves.toBe('error')
    expect(route).toHaveBeenCalledWith(TN_UPS)
    expect(state().notice?.text).toBe(
      'Colis 1Z999AA10123456784 refusé : il part avec UPS 16 h. À déposer : Quai, UPS.',
    )
    await expect(scan('NOPE')).resolves.toBe('error')
    expect(state().notice?.text).toBe('Colis NOPE refusé : Colis inconnu. À déposer : Exceptions.')
    expect(state().loaded).toEqual({})
  })

  it("says the server's refusal as it is, and that an unlisted parcel cannot be checked offline", async () => {
    const refused = setUp(async () => {
      throw new ApiError(
        403,
        'forbidden',
        'Ce colis est d’une boutique pour laquelle vous ne travaillez pas.',
      )
    })
    await expect(refused.scan('6A99')).resolves.toBe('error')
    expect(refused.state().notice?.text).toBe(
      'Ce colis est d’une boutique pour laquelle vous ne travaillez pas.',
    )
    const offline = setUp(async () => {
      throw new ApiError(0, 'network', 'Réseau')
    })
    await expect(offline.scan('6A99')).resolves.toBe('error')
    expect(offline.state().notice?.text).toBe(
      'Colis 6A99 absent de la liste, et vérification impossible sans réseau : réessayez.',
    )
  })

  it('refuses a scan while the close is on its way or unanswered', () => {
    const { scan, state, dispatch, route } = setUp(async () => routing('x', null))
    scan('6A00000000011')
    dispatch({ type: 'closeChosen', mode: 'loaded', key: 'k' })
    expect(scan('6A00000000028')).toBe('error')
    expect(state().notice?.text).toBe('Clôture en cours : attendez sa réponse avant de scanner.')
    expect(state().closing?.trackingNumbers).toEqual(['6A00000000011'])
    // No answer came: the close waits for a retry or to be given up, and says so.
    dispatch({ type: 'closeFailed', message: '', retryable: true })
    expect(scan('6A00000000028')).toBe('error')
    expect(state().notice?.text).toBe(
      'Clôture non confirmée : réessayez-la ou continuez le chargement avant de scanner.',
    )
    expect(route).not.toHaveBeenCalled()
  })

  it("with the screen's numbers: ticks the slip's parcel, refuses another slip's and an unknown one, with their tones", async () => {
    const { scan, state, route } = setUp(async (code) => routing(code, code === TN_UPS ? UPS : null))
    expect(scan('6A00000000011')).toBe('success')
    await expect(scan(TN_UPS)).resolves.toBe('error')
    await expect(scan('INCONNU-1')).resolves.toBe('error')
    expect(state().notice?.text).toBe('Colis INCONNU-1 refusé : Colis inconnu. À déposer : Exceptions.')
    expect(route.mock.calls.map(([code]) => code)).toEqual([TN_UPS, 'INCONNU-1'])
    expect(state().loaded).toEqual({ 'COLISSIMO-17H': ['6A00000000011'] })
  })
})
