/**
 * Issue 31: after a carrier's refusal in a mono batch, the counts are the server's. A refused
 * label, 'Mettre de côté', 'Réessayer' (issued or refused again) each read the batch again, so the
 * product line, the batch line and the next scan of the product say where its units are.
 */
import type { MonoBatch, MonoShipment } from '@contract'
import { describe, expect, it } from 'vitest'
import { parseScan } from '@/features/scanning'
import { ApiError } from '@/lib/http'
import type { Flow, ShipmentDeps } from './deps.ts'
import { reduceShipment, type ShipmentEvent } from './model.ts'
import { monoCounts } from './mono.ts'
import { shipmentScan } from './scan.ts'
import { retryFailure } from './send.ts'
import { setAsideOrder } from './set-aside.ts'
import { initialShipment, type ShipmentState } from './state.ts'
import { monoBatch, monoProduct, parcelLabel, TASSE } from '../../testing/shipment.ts'

const GLS_DOWN = 'Commande ML-1001 : GLS a refusé l’étiquette du colis 1 : Service indisponible'
const refused = () =>
  new ApiError(502, 'carrier_refused', GLS_DOWN, {}, { retryable: true, order: 'ML-1001' })

/** The batch of one Tasse bleue, as the server counts it. */
const tasse = (counts: { shipped?: number; setAside?: number }): MonoBatch =>
  monoBatch([monoProduct(TASSE, { picked: 1, ...counts })])

/**
 * A station with a one-unit batch whose label GLS refuses: `server` is what the server holds now,
 * each call answering from it (the fakes move it as the real server would).
 */
function station() {
  let current: ShipmentState = initialShipment
  const flow: Flow = {
    state: () => current,
    dispatch: (e: ShipmentEvent) => void (current = reduceShipment(current, e)),
    saved: () => Promise.resolve(),
  }
  const server = { batch: tasse({}), glsDown: true }
  const calls: string[] = []
  const deps: ShipmentDeps = {
    batch: async (name) => (calls.push(`batch ${name}`), server.batch),
    order: async () => Promise.reject(new ApiError(0, 'network', 'Serveur injoignable.')),
    shipMono: async () => Promise.reject(refused()),
    pack: async () => Promise.reject(new Error('unexpected')),
    printOrder: async () => Promise.reject(new Error('unexpected')),
    addLabel: async (order) => {
      calls.push(`label ${order}`)
      if (server.glsDown) throw refused()
      server.batch = tasse({ shipped: 1 })
      return parcelLabel(order, 'GLS000042')
    },
    readLabel: async () => Promise.reject(new Error('unexpected')),
    setAside: async (order) => {
      calls.push(`aside ${order}`)
      server.batch = tasse({ setAside: 1 })
    },
    newKey: () => 'key',
    print: async () => undefined,
  }
  const scan = (code: string) => shipmentScan(deps)(parseScan(code, 'wedge'), flow)
  flow.dispatch({ type: 'monoOpened', batch: server.batch })
  const counts = () => {
    const c = monoCounts(current.mono!)
    return { left: c.left, setAside: c.setAside, tasse: c.products[0]?.text }
  }
  return { flow, deps, server, calls, scan, counts, state: () => current }
}

describe('shipment counts after a carrier refusal (issue 31)', () => {
  it("'Mettre de côté': the unit leaves the count for 'mis de côté', and a scan of it says so", async () => {
    const s = station()
    expect(await s.scan(TASSE.ean13)).toBe('error')
    expect(s.state().failures.map((f) => f.order)).toEqual(['ML-1001'])
    // Refused, packed: still to ship (a retry labels it), as the server counts it.
    expect(s.counts()).toEqual({
      left: '1 article à expédier, 1 commande',
      setAside: null,
      tasse: '1 / 1 restant',
    })

    await setAsideOrder(s.flow, s.deps, 'ML-1001')
    expect(s.calls).toEqual(['batch ML-MONO-GIFT-0042', 'aside ML-1001', 'batch ML-MONO-GIFT-0042'])
    expect(s.state().failures).toEqual([])
    expect(s.counts()).toEqual({
      left: '0 article à expédier, 0 commande',
      setAside: '1 article mis de côté (commande en anomalie) : il se reprend dans l’écran Colis.',
      tasse: '0 / 1 restant · 1 mis de côté',
    })
    // Not 'already shipped': where it is, and what to do with it.
    expect(await s.scan(TASSE.ean13)).toBe('error')
    expect(s.state().notice).toEqual({
      tone: 'error',
      text: 'Tasse bleue : plus rien à expédier dans la liste ML-MONO-GIFT-0042, le reste est mis de côté (commande en anomalie). Posez cet article avec sa commande : elle se reprend dans l’écran Colis.',
    })
    expect(s.state().mono?.pending).toEqual([])
  })

  it("'Réessayer' refused again: the unit stays to ship; issued: it counts as shipped", async () => {
    const s = station()
    await s.scan(TASSE.ean13)
    await retryFailure(s.flow, s.deps, 'ML-1001')
    expect(s.state().failures[0]).toMatchObject({ busy: false, message: GLS_DOWN })
    expect(s.counts().tasse).toBe('1 / 1 restant')
    expect(s.calls.at(-1)).toBe('batch ML-MONO-GIFT-0042')

    s.server.glsDown = false
    await retryFailure(s.flow, s.deps, 'ML-1001')
    expect(s.state().failures).toEqual([])
    expect(s.counts()).toEqual({
      left: '0 article à expédier, 0 commande',
      setAside: null,
      tasse: '0 / 1 restant',
    })
    expect(s.calls.slice(-2)).toEqual(['label ML-1001', 'batch ML-MONO-GIFT-0042'])
    // Its label scanned back, the unit is done: another scan of it is one too many.
    expect(await s.scan('GLS000042')).toBe('success')
    expect(await s.scan(TASSE.ean13)).toBe('error')
    expect(s.state().notice?.text).toMatch(/sont déjà expédiées/)
  })

  it('keeps the counts it had when the batch cannot be read again, and ignores another batch', async () => {
    const s = station()
    await s.scan(TASSE.ean13)
    s.deps.batch = async () => Promise.reject(new ApiError(0, 'network', 'Serveur injoignable.'))
    await setAsideOrder(s.flow, s.deps, 'ML-1001')
    expect(s.state().failures).toEqual([])
    expect(s.counts().tasse).toBe('1 / 1 restant')
    const other = { ...tasse({ shipped: 1 }), batch: { ...tasse({}).batch, name: 'ML-MONO-0007' } }
    s.flow.dispatch({ type: 'monoRefreshed', batch: other })
    expect(s.counts().tasse).toBe('1 / 1 restant')
  })

  it('reads the counts of a shipped unit from its answer, as before', () => {
    const s = station()
    const answer = { batch: tasse({ shipped: 1 }) } as MonoShipment
    s.flow.dispatch({ type: 'monoRefreshed', batch: answer.batch })
    expect(s.counts().tasse).toBe('0 / 1 restant')
  })
})
