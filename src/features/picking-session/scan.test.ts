import type { PickingSession } from '@contract'
import { describe, expect, it, vi } from 'vitest'
import { parseScan } from '@/features/scanning/model/parse'
import { ApiError } from '@/lib/http'
import { initialPicking, reducePicking, type PickingEvent, type PickingState, type PickOp } from './model.ts'
import { commandOf, openSession, pickingOpen, pickingScan, type PickingDeps } from './scan.ts'
import { session, TASSE } from '../../testing/picking-session.ts'

/** A flow over the real reducer, and the scan handler with fake server calls. */
function setUp(
  over: Partial<PickingDeps> = {},
  start: PickingEvent = { type: 'opened', session: null, queued: [] },
) {
  let state: PickingState = reducePicking(initialPicking, start)
  const flow = {
    state: () => state,
    dispatch: (event: PickingEvent) => (state = reducePicking(state, event)),
    saved: () => Promise.resolve(),
  }
  const stored: PickOp[] = []
  const deps: PickingDeps = {
    store: async (op) => void stored.push(op),
    create: vi.fn(async () => session()),
    resume: vi.fn(async () => null),
    ...over,
  }
  const handler = pickingScan(deps)
  // The verdict as the feedback gets it: once the scan's work, the store of a pick included, is done.
  const scan = async (text: string, source: 'wedge' | 'manual' = 'wedge') =>
    handler(parseScan(text, source), flow)
  return { scan, state: () => state, stored, deps, flow }
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
    expect(await scan('3760010000014')).toBe('error')
    expect(state().startError).toBe('« 3760010000014 » est un code produit, pas une liste de picking.')
    expect(await scan('CMD-PASSER')).toBe('error')
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

  it("says the screen test's unknown list in French, the server's words or its own, and opens the next list scanned", async () => {
    const create = vi.fn(async (body: { pickingName?: string }) =>
      body.pickingName === 'ML-MONO-GIFT-0042'
        ? session()
        : Promise.reject(new ApiError(404, 'not_found', `Aucune liste « ${body.pickingName} » à préparer.`)),
    )
    const { scan, state } = setUp({ create })
    await expect(scan('ML-MONO-GIFT-9999')).resolves.toBe('error')
    expect(state().startError).toBe('Aucune liste « ML-MONO-GIFT-9999 » à préparer.')
    expect(state().phase).toBe('start')
    await expect(scan('ML-MONO-GIFT-0042')).resolves.toBe('success')
    expect(create).toHaveBeenLastCalledWith({ pickingName: 'ML-MONO-GIFT-0042' })
    expect(state()).toMatchObject({ phase: 'picking', startError: null })
    // A bare 404 (no French from the server): the device says it the same way.
    const bare = setUp({
      create: vi.fn(async () => Promise.reject(new ApiError(404, 'http_404', 'Not Found'))),
    })
    await expect(bare.scan('ML-MONO-GIFT-9999')).resolves.toBe('error')
    expect(bare.state().startError).toBe('Aucune liste « ML-MONO-GIFT-9999 » à préparer.')
  })

  it("opens a session on a shop's next ready orders of a picking type", async () => {
    const { state, deps, flow } = setUp()
    const body = { shop: 'maison-lumiere', pickingType: 'mono_gift' } as const
    await expect(openSession(flow, deps, body)).resolves.toBe('success')
    expect(deps.create).toHaveBeenCalledWith(body)
    expect(state().phase).toBe('picking')
  })

  it('stores each accepted pick, skip and short for the outbox, and nothing for a refused scan', async () => {
    const { scan, state, stored } = inSession()
    expect(await scan('A-01-01-01')).toBe('success')
    expect(await scan('3760010000021')).toBe('error')
    expect(state().notice?.text).toBe('Mauvais produit : attendu Tasse bleue (ML-0001).')
    expect(await scan(TASSE.ean13)).toBe('success')
    expect(await scan('CMD-PASSER')).toBe('warning')
    expect(await scan('CMD-MANQUANT')).toBe('warning')
    expect(stored.map((o) => o.action)).toEqual(['scan', 'skip'])
    expect(await scan('CMD-MANQUANT')).toBe('warning')
    expect(stored.map((o) => [o.taskId, o.action])).toEqual([
      [1, 'scan'],
      [1, 'skip'],
      [2, 'short'],
    ])
  })

  it('refuses one more unit than asked with an error, storing nothing for it', async () => {
    const { scan, state, stored } = inSession()
    await scan('A-01-01-01')
    expect(await scan(TASSE.ean13)).toBe('success')
    expect(await scan(TASSE.sku)).toBe('success')
    expect(await scan(TASSE.ean13)).toBe('error')
    expect(state().notice?.text).toBe('Tasse bleue : 2 / 2 déjà pris, pas plus que demandé.')
    expect(stored.map((o) => [o.taskId, o.action, o.code])).toEqual([
      [1, 'scan', TASSE.ean13],
      [1, 'scan', TASSE.sku],
    ])
  })

  it("gives a pick's feedback once the pick is stored on the device; an error when it cannot be", async () => {
    let stored = () => {}
    const held = inSession({ store: () => new Promise<void>((resolve) => (stored = resolve)) })
    await held.scan('A-01-01-01')
    let verdict: string | undefined
    const scanned = held.scan(TASSE.ean13).then((v) => (verdict = v))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(verdict).toBeUndefined()
    stored()
    await scanned
    expect(verdict).toBe('success')

    const failing = inSession({
      store: async (op) => void failing.flow.dispatch({ type: 'storeFailed', opId: op.id }),
    })
    await failing.scan('A-01-01-01')
    expect(await failing.scan(TASSE.ean13)).toBe('error')
    expect(failing.state().ops).toEqual([])
  })

  it('refuses an impossible code on the device: a wrong check digit, two codes run together, a parcel', async () => {
    const { scan, state, stored } = inSession()
    await scan('A-01-01-01')
    expect(await scan('3760010000015')).toBe('error')
    expect(state().notice?.text).toBe(
      "Chiffre de contrôle invalide : « 3760010000015 » n'est pas un code valable. Scannez à nouveau.",
    )
    expect(await scan('37600100000143760010000014')).toBe('error')
    expect(state().notice?.text).toMatch(/^Code impossible : 26 chiffres/)
    expect(await scan('376001000000000010')).toBe('error')
    expect(state().notice?.text).toBe('Ce code est un colis (SSCC), pas un produit.')
    expect(stored).toEqual([])
    // A GS1 element string naming the product picks it.
    expect(await scan('(01)03760010000014(10)LOT7')).toBe('success')
    expect(stored.map((o) => o.code)).toEqual(['3760010000014'])
  })

  it("'Clôturer' twice closes; while closing, Clôturer retries and any other scan is refused, the close kept", async () => {
    const { scan, state, stored } = inSession()
    expect(await scan('CMD-CLOTURER')).toBe('warning')
    expect(await scan('CMD-CLOTURER')).toBe('success')
    expect(state().phase).toBe('closing')
    expect(await scan('CMD-CLOTURER')).toBe('success')
    expect(state().phase).toBe('closing')
    // A scan right after 'Confirmer' (issue 31) no longer cancels the close: it says why it is not taken.
    for (const code of ['A-01-01-01', '3760010000014', 'CMD-PASSER']) {
      expect(await scan(code)).toBe('error')
      expect(state().phase).toBe('closing')
      expect(state().notice).toEqual({
        tone: 'error',
        text: 'Clôture en cours : ce scan n’est pas pris. Touchez « Reprendre le picking » pour continuer à prendre.',
      })
    }
    expect(stored).toEqual([])
  })

  describe('crates a multi order’s unit goes into (issue 31)', () => {
    const multi = () => session(session().tasks.map((x) => ({ ...x, toTote: true })))
    const inMulti = (lastPrinted: number, over: Partial<PickingDeps> = {}) => {
      const set = setUp(over, { type: 'opened', session: multi(), queued: [] })
      set.flow.dispatch({ type: 'totesKnown', lastPrinted })
      return set
    }
    const unitInHand = async (scan: (code: string) => Promise<unknown>) => {
      await scan('A-01-01-01')
      await scan(TASSE.ean13)
    }

    it('offline, refuses a crate never printed at once, keeping the unit in hand; a printed one takes it', async () => {
      const totes = vi.fn(async () => null)
      const { scan, state, stored } = inMulti(12, { totes })
      await unitInHand(scan)
      expect(await scan('CAISSE-000013')).toBe('error')
      expect(totes).toHaveBeenCalledTimes(1)
      expect(state().notice?.text).toBe(
        'Caisse CAISSE-000013 inconnue : aucune étiquette n’a été imprimée pour ce numéro (Impression caisse). Prenez une caisse étiquetée et scannez-la.',
      )
      expect(state().inHand).toEqual({ taskId: 1, code: TASSE.ean13 })
      expect(stored).toEqual([])
      expect(await scan('CAISSE-000012')).toBe('success')
      expect(stored.map((o) => o.tote)).toEqual(['CAISSE-000012'])
    })

    it('online, asks the server again before refusing: a crate printed since is taken', async () => {
      const totes = vi.fn(async () => 20)
      const { scan, state, stored } = inMulti(12, { totes })
      await unitInHand(scan)
      expect(await scan('CAISSE-000015')).toBe('success')
      expect(state().lastTote).toBe(20)
      expect(stored.map((o) => o.tote)).toEqual(['CAISSE-000015'])
      // A crate within the known ones needs no question.
      await scan(TASSE.ean13)
      expect(await scan('CAISSE-000015')).toBe('success')
      expect(totes).toHaveBeenCalledTimes(1)
    })
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
