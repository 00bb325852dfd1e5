import type { PickingSession } from '@contract'
import { describe, expect, it, vi } from 'vitest'
import { parseScan } from '@/features/scanning/model/parse'
import { ApiError } from '@/lib/http'
import { initialPicking, reducePicking, type PickingEvent, type PickingState, type PickOp } from './model.ts'
import { commandOf, pickingOpen, pickingScan, type PickingDeps } from './scan.ts'
import { session, TASSE } from './testing.ts'

/** A flow over the real reducer, and the scan handler with fake server calls. */
function setUp(
  over: Partial<PickingDeps> = {},
  start: PickingEvent = { type: 'opened', session: null, queued: [] },
) {
  let state: PickingState = reducePicking(initialPicking, start)
  const flow = {
    state: () => state,
    dispatch: (event: PickingEvent) => (state = reducePicking(state, event)),
  }
  const stored: PickOp[] = []
  const deps: PickingDeps = {
    store: (op) => stored.push(op),
    create: vi.fn(async () => session()),
    resume: vi.fn(async () => null),
    ...over,
  }
  const handler = pickingScan(deps)
  const scan = (text: string, source: 'wedge' | 'manual' = 'wedge') => handler(parseScan(text, source), flow)
  return { scan, state: () => state, stored, deps }
}
const inSession = (over: Partial<PickingDeps> = {}) =>
  setUp(over, { type: 'opened', session: session(), queued: [] })

describe('picking scans', () => {
  it('knows the command barcodes, whatever their case', () => {
    expect(commandOf('CMD-PASSER')).toBe('skip')
    expect(commandOf(' cmd-manquant ')).toBe('short')
    expect(commandOf('CMD-CLOTURER')).toBe('close')
    expect(commandOf('CMD-AUTRE')).toBeNull()
  })

  it('opens a session on a scanned list name; refuses a product barcode and a command', async () => {
    const { scan, state, deps } = setUp()
    expect(scan('3760010000014')).toBe('error')
    expect(state().startError).toBe('« 3760010000014 » est un code produit, pas une liste de picking.')
    expect(scan('CMD-PASSER')).toBe('error')
    expect(state().startError).toBe('Aucune session en cours : scannez d’abord une liste de picking.')
    expect(deps.create).not.toHaveBeenCalled()
    await expect(scan('ML-MONO-GIFT-0042')).resolves.toBe('success')
    expect(deps.create).toHaveBeenCalledWith({ pickingName: 'ML-MONO-GIFT-0042' })
    expect(state().phase).toBe('picking')
  })

  it("says why a list cannot be opened; carries on the user's open session on a 409", async () => {
    const unknown = setUp({
      create: vi.fn(async () => Promise.reject(new ApiError(404, 'not_found', 'Liste ML-X inconnue.'))),
    })
    await expect(unknown.scan('ML-X')).resolves.toBe('error')
    expect(unknown.state().startError).toBe('Liste ML-X inconnue.')
    const offline = setUp({ create: vi.fn(async () => Promise.reject(new ApiError(0, 'network', 'Réseau'))) })
    await expect(offline.scan('ML-X')).resolves.toBe('error')
    expect(offline.state().startError).toBe(
      'Hors ligne : une session ne s’ouvre qu’avec le réseau. Réessayez dès son retour.',
    )
    const open: PickingSession = session(undefined, 9)
    const busy = setUp({
      create: vi.fn(async () =>
        Promise.reject(new ApiError(409, 'conflict', 'Une session est déjà ouverte.')),
      ),
      resume: vi.fn(async () => open),
    })
    await expect(busy.scan('ML-X')).resolves.toBe('warning')
    expect(busy.state().session?.id).toBe(9)
  })

  it('stores each accepted pick, skip and short for the outbox, and nothing for a refused scan', () => {
    const { scan, state, stored } = inSession()
    expect(scan('A-01-01-01')).toBe('success')
    expect(scan('3760010000021')).toBe('error')
    expect(state().notice?.text).toBe('Mauvais produit : attendu Tasse bleue (ML-0001).')
    expect(scan(TASSE.ean13)).toBe('success')
    expect(scan('CMD-PASSER')).toBe('warning')
    expect(scan('CMD-MANQUANT')).toBe('warning')
    expect(stored.map((o) => o.action)).toEqual(['scan', 'skip'])
    expect(scan('CMD-MANQUANT')).toBe('warning')
    expect(stored.map((o) => [o.taskId, o.action])).toEqual([
      [1, 'scan'],
      [1, 'skip'],
      [2, 'short'],
    ])
  })

  it('refuses an impossible code on the device: a wrong check digit, two codes run together, a parcel', () => {
    const { scan, state, stored } = inSession()
    scan('A-01-01-01')
    expect(scan('3760010000015')).toBe('error')
    expect(state().notice?.text).toBe(
      "Chiffre de contrôle invalide : « 3760010000015 » n'est pas un code valable. Scannez à nouveau.",
    )
    expect(scan('37600100000143760010000014')).toBe('error')
    expect(state().notice?.text).toMatch(/^Code impossible : 26 chiffres/)
    expect(scan('376001000000000010')).toBe('error')
    expect(state().notice?.text).toBe('Ce code est un colis (SSCC), pas un produit.')
    expect(stored).toEqual([])
    // A GS1 element string naming the product picks it.
    expect(scan('(01)03760010000014(10)LOT7')).toBe('success')
    expect(stored.map((o) => o.code)).toEqual(['3760010000014'])
  })

  it("'Clôturer' twice closes; while closing, Clôturer retries and any other scan goes back to picking", () => {
    const { scan, state } = inSession()
    expect(scan('CMD-CLOTURER')).toBe('warning')
    expect(scan('CMD-CLOTURER')).toBe('success')
    expect(state().phase).toBe('closing')
    expect(scan('CMD-CLOTURER')).toBe('success')
    expect(state().phase).toBe('closing')
    expect(scan('A-01-01-01')).toBe('success')
    expect(state().phase).toBe('picking')
  })

  it('opens on the server session, or offline on the device, with the queued picks', async () => {
    const queued = [{ outboxId: 3, sessionId: 7, taskId: 1, action: 'scan' as const, code: TASSE.ean13 }]
    await expect(
      pickingOpen({ resume: async () => session(), queued: async () => queued })(),
    ).resolves.toEqual({
      type: 'opened',
      session: session(),
      queued,
    })
    await expect(
      pickingOpen({
        resume: async () => Promise.reject(new ApiError(0, 'network', 'Réseau')),
        queued: async () => queued,
      })(),
    ).resolves.toEqual({
      type: 'openedOffline',
      queued,
    })
    await expect(
      pickingOpen({
        resume: async () => Promise.reject(new ApiError(403, 'forbidden', 'Rôle Picking requis.')),
        queued: async () => [],
      })(),
    ).resolves.toEqual({
      type: 'opened',
      session: null,
      queued: [],
      error: 'Rôle Picking requis.',
    })
  })
})
