import type { MonoShipment, OrderPackaging, PrinterUse, PrintDocument } from '@contract'
import { describe, expect, it } from 'vitest'
import { parseScan } from '@/features/scanning'
import { ApiError } from '@/lib/http'
import { reduceShipment, type ShipmentEvent } from './model.ts'
import { shipmentScan } from './scan.ts'
import type { Flow, ShipmentDeps } from './deps.ts'
import { flush, retryFailure, sendMulti } from './send.ts'
import { initialShipment, type ShipmentState } from './state.ts'
import { BOL, monoBatch, multiOrder, parcelLabel, shippedFrom, TASSE } from '../../testing/shipment.ts'

const notFound = (message: string) => new ApiError(404, 'not_found', message)
const offline = () => new ApiError(0, 'network', 'Serveur injoignable.')

/** A flow on the real reducer, and fake calls that log what they were asked. */
function setup(over: Partial<ShipmentDeps> = {}, state: ShipmentState = initialShipment) {
  let current = state
  const flow: Flow = {
    state: () => current,
    dispatch: (e: ShipmentEvent) => void (current = reduceShipment(current, e)),
    saved: () => Promise.resolve(),
  }
  const calls: string[] = []
  const printed: [string, PrinterUse][] = []
  let n = 0
  const deps: ShipmentDeps = {
    batch: async (name) => (
      calls.push(`batch ${name}`),
      Promise.reject(notFound(`Liste de picking inconnue : ${name}`))
    ),
    order: async (name) => (
      calls.push(`order ${name}`),
      Promise.reject(notFound(`Commande ou caisse inconnue : ${name}`))
    ),
    shipMono: async () => Promise.reject(new Error('unexpected')),
    pack: async () => Promise.reject(new Error('unexpected')),
    printOrder: async () => Promise.reject(new Error('unexpected')),
    addLabel: async () => Promise.reject(new Error('unexpected')),
    readLabel: async () => Promise.reject(offline()),
    setAside: async () => Promise.reject(new Error('unexpected')),
    newKey: () => `key-${++n}`,
    print: async (document: PrintDocument, use) => void printed.push([document.url, use]),
    ...over,
  }
  const scan = (code: string) => shipmentScan(deps)(parseScan(code, 'wedge'), flow)
  return { flow, deps, scan, calls, printed, state: () => current }
}

const shipment = (key: string, order: string, number: string): MonoShipment => {
  const label = parcelLabel(order, number)
  return {
    order: { name: order, customer: `Client ${key}`, status: 'labelled', units: 1 },
    carrier: label.carrier,
    service: label.service,
    label,
    batch: shippedFrom(monoBatch(), TASSE.sku),
  }
}

describe('shipment scan: opening', () => {
  it('asks the batch first for a MONO name, the order first otherwise, and only the order for a tote', async () => {
    const a = setup({ batch: async () => monoBatch() })
    expect(await a.scan('ML-MONO-GIFT-0042')).toBe('success')
    expect(a.state().mode).toBe('mono')

    const b = setup()
    expect(await b.scan('ML-2001')).toBe('error')
    expect(b.calls).toEqual(['order ML-2001', 'batch ML-2001'])
    expect(b.state().notice?.text).toBe(
      "« ML-2001 » n'est ni une liste de picking, ni une commande, ni une caisse.",
    )

    const c = setup()
    await c.scan('CAISSE-000042')
    expect(c.calls).toEqual(['order CAISSE-000042'])
    expect(c.state().notice?.text).toBe('Commande ou caisse inconnue : CAISSE-000042')
  })

  it('shows where the units of a cancelled order go back, and opens a picked multi order', async () => {
    const putBack = [{ order: 'ML-2001', product: TASSE, quantity: 2, location: 'A-01-01-01' }]
    const cancelled = multiOrder({ cancelled: { message: 'La commande ML-2001 a été annulée.', putBack } })
    const a = setup({ order: async () => cancelled })
    expect(await a.scan('ML-2001')).toBe('error')
    expect(a.state().putBack).toEqual({
      order: 'ML-2001',
      message: 'La commande ML-2001 a été annulée.',
      places: [{ product: 'Tasse bleue', location: 'A-01-01-01', quantity: 2 }],
    })
    const b = setup({ order: async () => multiOrder() })
    expect(await b.scan('caisse-000007')).toBe('success')
    expect(b.state().multi?.order.order.name).toBe('ML-2001')
  })
})

describe('shipment scan: mono', () => {
  const opened = () => reduceShipment(initialShipment, { type: 'monoOpened', batch: monoBatch() })

  it('sends each unit with a key made on the device, prints its label at once on the label printer', async () => {
    const sent: [string, string][] = []
    const s = setup(
      { shipMono: async (body, key) => (sent.push([body.product, key]), shipment(key, 'ML-1001', '8L1')) },
      opened(),
    )
    expect(await s.scan(TASSE.ean13)).toBe('success')
    expect(sent).toEqual([[TASSE.ean13, 'key-1']])
    expect(s.printed).toEqual([['https://docs/8L1.zpl', 'label']])
    expect(s.state().toVerify.map((l) => l.trackingNumber)).toEqual(['8L1'])
  })

  it('sends a unit only once the draft holds its key (a reload mid-request resends it, never loses it)', async () => {
    const order: string[] = []
    const s = setup(
      { shipMono: async (_body, key) => (order.push(`sent ${key}`), shipment(key, 'ML-1001', '8L1')) },
      opened(),
    )
    s.flow.saved = async () => {
      // The draft being saved is the state with the scan pending: its key is what a reload resends.
      order.push(
        `saved ${s
          .state()
          .mono?.pending.map((p) => p.key)
          .join(',')}`,
      )
    }
    await s.scan(TASSE.ean13)
    expect(order).toEqual(['saved key-1', 'sent key-1'])
  })

  it('offline, the scan waits with its key; the flush sends it again with the same key, in order', async () => {
    let network = false
    const sent: string[] = []
    const s = setup(
      {
        shipMono: async (body, key) => {
          if (!network) throw offline()
          sent.push(`${body.product} ${key}`)
          return shipment(key, `ML-${key}`, `8L-${key}`)
        },
      },
      { ...opened(), verify: false },
    )
    expect(await s.scan(TASSE.ean13)).toBe('warning')
    expect(await s.scan(BOL.sku)).toBe('warning')
    expect(s.state().mono?.pending.map((p) => [p.key, p.waiting])).toEqual([
      ['key-1', true],
      ['key-2', true],
    ])
    await flush(s.flow, s.deps)
    expect(s.state().mono?.pending).toHaveLength(2)
    network = true
    await flush(s.flow, s.deps)
    expect(sent).toEqual([`${TASSE.ean13} key-1`, `${BOL.sku} key-2`])
    expect(s.state().mono?.pending).toEqual([])
    expect(s.printed.map(([url]) => url)).toEqual(['https://docs/8L-key-1.zpl', 'https://docs/8L-key-2.zpl'])
  })

  it("a carrier's refusal becomes a card with the order's services; 'Réessayer' asks the label with the service chosen", async () => {
    const refused = new ApiError(
      502,
      'carrier_refused',
      'Commande ML-1001 : service indisponible.',
      {},
      { retryable: true, order: 'ML-1001' },
    )
    const asked: string[] = []
    const s = setup(
      {
        shipMono: async () => Promise.reject(refused),
        order: async () => multiOrder({ order: { ...multiOrder().order, name: 'ML-1001' } }),
        addLabel: async (order, service) => (asked.push(`${order} ${service}`), parcelLabel(order, '8V9')),
      },
      opened(),
    )
    expect(await s.scan(TASSE.ean13)).toBe('error')
    expect(s.state().mono?.pending).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(s.state().failures).toEqual([
      expect.objectContaining({
        order: 'ML-1001',
        kind: 'mono',
        retryable: true,
        message: 'Commande ML-1001 : service indisponible.',
      }),
    ])
    expect(s.state().failures[0]?.services.map((x) => x.code)).toEqual(['DOM', 'DOS'])
    s.flow.dispatch({ type: 'failureService', order: 'ML-1001', service: 'DOS' })
    await retryFailure(s.flow, s.deps, 'ML-1001')
    expect(asked).toEqual(['ML-1001 DOS'])
    expect(s.state().failures).toEqual([])
    expect(s.printed).toEqual([['https://docs/8V9.zpl', 'label']])
    // One label, and no packing slip to speak of.
    expect(s.state().notice).toEqual({ tone: 'success', text: 'Commande ML-1001 : étiquette imprimée.' })
  })

  it('a unit of an order cancelled after picking shows where it goes back', async () => {
    const refused = new ApiError(
      409,
      'order_cancelled',
      'La commande ML-1002 a été annulée.',
      {},
      { order: 'ML-1002', putBack: 'A-02-01-01' },
    )
    const s = setup({ shipMono: async () => Promise.reject(refused) }, opened())
    expect(await s.scan(TASSE.ean13)).toBe('error')
    expect(s.state().putBack?.places).toEqual([
      { product: 'Tasse bleue', location: 'A-02-01-01', quantity: 1 },
    ])
  })
})

describe('shipment send: multi', () => {
  it('packs with its key, then prints with its own: the new labels to the label printer, the slip to A4', async () => {
    // Parcel 1 was labelled before this visit: its label is not printed again.
    const labelled = {
      seq: 1,
      status: 'labelled' as const,
      boxType: { code: 'S', name: 'S' },
      estimatedGrams: 400,
      weightGrams: 400,
      maxGrams: 2000,
      lines: [{ orderLine: 2, product: BOL, quantity: 1 }],
    }
    let state = reduceShipment(initialShipment, {
      type: 'multiOpened',
      order: multiOrder({ parcels: [labelled] }),
    })
    for (const e of [
      { type: 'itemScanned', codes: new Set([TASSE.sku]), shown: TASSE.sku },
      { type: 'itemScanned', codes: new Set([TASSE.sku]), shown: TASSE.sku },
      { type: 'boxChosen', box: 'S' },
      { type: 'weightTyped', grams: 700 },
      { type: 'validated', packKey: 'pack-1', printKey: 'print-1' },
    ] as ShipmentEvent[])
      state = reduceShipment(state, e)
    const log: string[] = []
    let network = false
    const s = setup(
      {
        pack: async (body, key) => {
          log.push(`pack ${key} ${JSON.stringify(body.parcels)}`)
          return multiOrder() as OrderPackaging
        },
        printOrder: async (order, service, key) => {
          if (!network) throw offline()
          log.push(`print ${order} ${service} ${key}`)
          const slip = { title: 'Bon', url: 'https://docs/slip.pdf', format: 'pdf' as const, expiresAt: 'x' }
          return {
            order: { name: order, status: 'labelled' as const },
            labels: [parcelLabel(order, 'P1', 1, 2), parcelLabel(order, 'P2', 2, 2)],
            packingSlip: slip,
          }
        },
      },
      state,
    )
    await sendMulti(s.flow, s.deps)
    expect(s.state().multi?.sending).toEqual({
      packKey: 'pack-1',
      printKey: 'print-1',
      step: 'print',
      waiting: true,
      skip: [1],
    })
    // While 'Valider' waits, a unit or a box scanned is refused aloud, not silently dropped.
    expect(await s.scan(TASSE.ean13)).toBe('error')
    expect(await s.scan('S')).toBe('error')
    expect(s.state().notice).toEqual({
      tone: 'error',
      text: 'Hors ligne : les colis sont gardés sur l’appareil et partiront dès le retour du réseau.',
    })
    expect(s.state().multi?.parcels.map((p) => p.items.length)).toEqual([2])
    network = true
    await flush(s.flow, s.deps)
    expect(log).toEqual([
      `pack pack-1 [{"boxType":"S","weightGrams":700,"items":["${TASSE.sku}","${TASSE.sku}"]}]`,
      'print ML-2001 null print-1',
    ])
    expect(s.printed).toEqual([
      ['https://docs/P2.zpl', 'label'],
      ['https://docs/slip.pdf', 'a4'],
    ])
    expect(s.state().mode).toBe('start')
    expect(s.state().toVerify.map((l) => l.trackingNumber)).toEqual(['P2'])
  })
})
