import type { MonoBatch, MonoShipment } from '@contract'
import { describe, expect, it } from 'vitest'
import { saveShipment } from './draft.ts'
import { reprintTarget } from './labels.ts'
import { reduceShipment, type ShipmentEvent } from './model.ts'
import { activeField, scanMeaning } from './steps.ts'
import { monoWrite } from './mono.ts'
import { initialShipment, labelRef, type Failure, type ShipmentState } from './state.ts'
import {
  BOL,
  FOREIGN,
  monoBatch,
  multiOrder,
  parcelLabel,
  shippedFrom,
  TASSE,
  VASE,
} from '../../testing/shipment.ts'

const run = (state: ShipmentState, ...events: ShipmentEvent[]) => events.reduce(reduceShipment, state)
const codesOf = (p: { sku: string; ean13: string }) => new Set([p.sku, p.ean13])
const scanned = (p: typeof TASSE, key: string): ShipmentEvent => ({
  type: 'monoScanned',
  key,
  code: p.ean13,
  codes: codesOf(p),
  shown: p.ean13,
})
const shipment = (order: string, number: string, batch: MonoBatch): MonoShipment => {
  const label = parcelLabel(order, number)
  return {
    order: { name: order, customer: 'Lucie Martin', status: 'labelled', units: 1 },
    carrier: label.carrier,
    service: label.service,
    label,
    batch,
  }
}
const shipped = (key: string, order: string, number: string, batch: MonoBatch): ShipmentEvent => {
  const s = shipment(order, number, batch)
  return { type: 'monoShipped', key, shipment: s, label: labelRef(s.label) }
}
const mono = (verify = true) =>
  run({ ...initialShipment, verify }, { type: 'monoOpened', batch: monoBatch() })
const meaning = (
  state: ShipmentState,
  text: string,
  p: { sku: string; ean13: string } | null = null,
  barcode = false,
) => scanMeaning(state, text, p ? codesOf(p) : null, barcode)

describe('shipment model: start', () => {
  it('takes a batch, an order or a tote at start; a product barcode is refused', () => {
    expect(activeField(initialShipment)).toBe('start')
    expect(meaning(initialShipment, 'ML-MONO-GIFT-0042')).toEqual({ kind: 'start' })
    expect(meaning(initialShipment, 'CAISSE-000007')).toEqual({ kind: 'start' })
    expect(meaning(initialShipment, TASSE.ean13, TASSE, true)).toEqual({
      kind: 'refused',
      message: 'Scannez d’abord une liste de picking, une commande ou sa caisse.',
    })
    expect(meaning(initialShipment, 'cmd-reimprimer')).toEqual({ kind: 'reprint' })
  })
})

describe('shipment model: mono', () => {
  it('keeps a product scan pending with its key, the write naming the batch and the code', () => {
    const state = run(mono(), scanned(TASSE, 'k1'))
    expect(activeField(state)).toBe('product')
    expect(state.mono?.pending).toEqual([
      { key: 'k1', code: TASSE.ean13, sku: TASSE.sku, product: 'Tasse bleue', waiting: false },
    ])
    expect(monoWrite(state.mono!, state.mono!.pending[0]!)).toEqual({
      body: { pickingName: 'ML-MONO-GIFT-0042', product: TASSE.ean13 },
      key: 'k1',
    })
  })

  it('refuses on the device a product not in the batch, and one with no unit left (pending counted)', () => {
    let state = run(mono(), {
      type: 'monoScanned',
      key: 'k0',
      code: FOREIGN.ean13,
      codes: codesOf(FOREIGN),
      shown: FOREIGN.ean13,
    })
    expect(state.notice).toEqual({
      tone: 'error',
      text: `Le produit ${FOREIGN.ean13} n'est pas dans la liste ML-MONO-GIFT-0042.`,
    })
    state = run(state, scanned(BOL, 'k1'), scanned(BOL, 'k2'))
    expect(state.mono?.pending.map((p) => p.key)).toEqual(['k1'])
    expect(state.notice?.text).toBe(
      'Toutes les unités de Bol rouge de la liste ML-MONO-GIFT-0042 sont déjà expédiées : mettez cet article de côté.',
    )
  })

  it("shows where a cancelled order's leftover unit goes back", () => {
    const state = run(mono(), scanned(VASE, 'k1'))
    expect(state.mono?.pending).toEqual([])
    expect(state.putBack?.places).toEqual([{ product: 'Vase blanc', location: 'B-02-01-01', quantity: 1 }])
    expect(state.notice?.tone).toBe('error')
  })

  it('an answer ships the unit: the batch as the server says, the last parcel, a label to scan back and to reprint', () => {
    const state = run(
      mono(),
      scanned(TASSE, 'k1'),
      shipped('k1', 'ML-1001', '8L00000000011', shippedFrom(monoBatch(), TASSE.sku)),
    )
    expect(state.mono?.pending).toEqual([])
    expect(state.mono?.batch.unitsLeft).toBe(2)
    expect(state.mono?.last?.order.name).toBe('ML-1001')
    expect(state.toVerify.map((l) => l.trackingNumber)).toEqual(['8L00000000011'])
    expect(activeField(state)).toBe('label')
    expect(reprintTarget(state)?.trackingNumber).toBe('8L00000000011')
    expect(state.notice).toEqual({
      tone: 'success',
      text: 'Tasse bleue → commande ML-1001 : étiquette imprimée.',
    })
  })

  it('offline: the scan and every later one wait, in order, with their keys; a resend takes them up again', () => {
    let state = run(mono(), scanned(TASSE, 'k1'), { type: 'monoWaiting', key: 'k1' }, scanned(TASSE, 'k2'))
    expect(state.mono?.pending.map((p) => [p.key, p.waiting])).toEqual([
      ['k1', true],
      ['k2', true],
    ])
    expect(state.notice?.tone).toBe('warning')
    // Both units are counted: a third Tasse is refused on the device.
    expect(run(state, scanned(TASSE, 'k3')).mono?.pending).toHaveLength(2)
    state = run(state, { type: 'monoResent' })
    expect(state.mono?.pending.map((p) => p.waiting)).toEqual([false, false])
    state = run(state, { type: 'monoRefused', key: 'k1', message: 'Refusé.' })
    expect(state.mono?.pending.map((p) => p.key)).toEqual(['k2'])
  })

  it('will not leave the batch while a scan is unsent or a label unverified', () => {
    const state = run(mono(), scanned(TASSE, 'k1'), { type: 'left' })
    expect(state.mode).toBe('mono')
    expect(state.notice?.tone).toBe('error')
    expect(run(mono(), { type: 'left' }).mode).toBe('start')
  })
})

describe('shipment model: scan-to-verify', () => {
  const waiting = () =>
    run(mono(), scanned(TASSE, 'k1'), shipped('k1', 'ML-1001', '8L00000000011', monoBatch()))

  it('waits for the label: the right number verifies, another is refused, a product asks for the label first', () => {
    const state = waiting()
    expect(meaning(state, 'XN000000011FR')).toEqual({
      kind: 'refused',
      message: 'Ce n’est pas l’étiquette de ce colis.',
    })
    expect(meaning(state, TASSE.ean13, TASSE, true)).toEqual({
      kind: 'refused',
      message: 'Scannez d’abord l’étiquette du colis de la commande ML-1001.',
    })
    expect(meaning(state, ' 8l00000000011 ')).toEqual({ kind: 'label' })
    const done = run(state, { type: 'labelScanned', code: '8L00000000011' })
    expect(done.toVerify).toEqual([])
    expect(done.notice).toEqual({
      tone: 'success',
      text: 'Étiquette vérifiée : commande ML-1001, colis 1/1.',
    })
    expect(activeField(done)).toBe('product')
    expect(run(state, { type: 'labelScanned', code: 'XX' }).notice?.text).toBe(
      'Ce n’est pas l’étiquette de ce colis.',
    )
  })

  it('off: a label is done once printed, and switching it off drops the labels waiting', () => {
    const off = run(mono(false), scanned(TASSE, 'k1'), shipped('k1', 'ML-1001', '8L00000000011', monoBatch()))
    expect(off.toVerify).toEqual([])
    expect(off.lastLabel?.trackingNumber).toBe('8L00000000011')
    expect(run(waiting(), { type: 'verifySet', on: false }).toVerify).toEqual([])
  })
})

describe('shipment model: multi', () => {
  const opened = () => run(initialShipment, { type: 'multiOpened', order: multiOrder() })
  const item = (p: typeof TASSE): ShipmentEvent => ({
    type: 'itemScanned',
    codes: codesOf(p),
    shown: p.ean13,
  })

  it('refuses a product not in the order and a unit too many, at once', () => {
    let state = run(opened(), { type: 'itemScanned', codes: codesOf(FOREIGN), shown: FOREIGN.ean13 })
    expect(state.notice).toEqual({
      tone: 'error',
      text: `Le produit ${FOREIGN.ean13} ne fait pas partie de la commande ML-2001 : mettez-le de côté.`,
    })
    state = run(state, item(BOL), item(BOL))
    expect(state.notice?.text).toBe(
      'Une unité de trop : Bol rouge, 1 à expédier, toutes déjà scannées. Mettez-la de côté.',
    )
    expect(state.multi?.parcels[0]?.items).toEqual([BOL.sku])
    expect(meaning(state, FOREIGN.ean13, FOREIGN, true)).toEqual({ kind: 'item' })
    expect(meaning(state, 'm')).toEqual({ kind: 'box', box: 'M' })
    expect(meaning(state, 'CAISSE-000008')).toEqual({
      kind: 'refused',
      message: 'Terminez d’abord cette commande (« Valider »), ou abandonnez-la.',
    })
  })

  it('estimates the parcel, asks for the weight once packed, and asks to check a weight 10 % off', () => {
    let state = run(opened(), item(TASSE), item(TASSE), item(BOL), { type: 'boxChosen', box: 'M' })
    expect(activeField(state)).toBe('weight')
    state = run(state, { type: 'weightTyped', grams: 1400 })
    expect(activeField(state)).toBe('item')
    // 200 + 2 × 300 + 500 = 1300 g estimated; 1400 g is within 10 %.
    state = run(state, { type: 'validated', packKey: 'p', printKey: 'q' })
    expect(state.multi?.sending).toEqual({
      packKey: 'p',
      printKey: 'q',
      step: 'pack',
      waiting: false,
      skip: [],
    })
    expect(activeField(state)).toBeNull()

    let off = run(
      opened(),
      item(TASSE),
      item(TASSE),
      item(BOL),
      { type: 'boxChosen', box: 'M' },
      { type: 'weightTyped', grams: 900 },
    )
    off = run(off, { type: 'validated', packKey: 'p', printKey: 'q' })
    expect(off.multi?.sending).toBeNull()
    expect(off.multi?.problem).toBe(
      '900 g pesés pour 1300 g estimés (écart de plus de 10 %). Vérifiez le contenu puis confirmez le poids.',
    )
    off = run(off, { type: 'weightConfirmed' }, { type: 'validated', packKey: 'p', printKey: 'q' })
    expect(off.multi?.sending?.step).toBe('pack')
  })

  it('closes a parcel only with a box and a weight; two parcels make the write, each unit once', () => {
    let state = run(opened(), item(TASSE), { type: 'parcelAdded' })
    expect(state.multi?.problem).toBe('Choisissez l’emballage du colis (scannez-le ou touchez-le).')
    state = run(state, { type: 'boxChosen', box: 'S' }, { type: 'parcelAdded' })
    expect(state.multi?.problem).toBe('Saisissez le poids du colis, en grammes.')
    expect(activeField(state)).toBe('weight')
    state = run(state, { type: 'weightTyped', grams: 400 }, { type: 'parcelAdded' }, item(TASSE), item(BOL))
    state = run(state, { type: 'validated', packKey: 'p', printKey: 'q' })
    expect(state.multi?.problem).toBe('Choisissez l’emballage du colis (scannez-le ou touchez-le).')
    state = run(
      state,
      { type: 'boxChosen', box: 'S' },
      { type: 'weightTyped', grams: 2500 },
      { type: 'validated', packKey: 'p', printKey: 'q' },
    )
    expect(state.multi?.problem).toBe('Trop lourd : au plus 2 kg pour cet emballage et ce transporteur.')
    state = run(state, { type: 'weightTyped', grams: 900 }, { type: 'parcelAdded' })
    expect(state.multi?.problem).toBe('Tous les articles sont déjà dans les colis.')
    state = run(state, { type: 'validated', packKey: 'p', printKey: 'q' })
    expect(state.multi?.sending?.step).toBe('pack')
  })

  it('will not validate with units left to scan', () => {
    const state = run(
      opened(),
      item(TASSE),
      { type: 'boxChosen', box: 'S' },
      { type: 'weightTyped', grams: 400 },
      { type: 'validated', packKey: 'p', printKey: 'q' },
    )
    expect(state.multi?.problem).toBe('Il reste 2 articles à scanner.')
  })

  it('labels printed end the order: the station is free, the labels are to scan back', () => {
    const labels = [parcelLabel('ML-2001', 'A1', 1, 2), parcelLabel('ML-2001', 'A2', 2, 2)].map(labelRef)
    const state = run(opened(), item(TASSE), {
      type: 'labelsPrinted',
      order: 'ML-2001',
      labels,
      message: 'ok',
    })
    expect(state.mode).toBe('start')
    expect(state.multi).toBeNull()
    expect(state.toVerify.map((l) => l.trackingNumber)).toEqual(['A1', 'A2'])
    expect(meaning(state, 'A2')).toEqual({ kind: 'label' })
  })
})

describe('shipment model: label failure recovery', () => {
  const failure = (order: string, kind: Failure['kind'] = 'mono'): Failure => ({
    order,
    kind,
    message: `Commande ${order} : adresse refusée par GLS.`,
    retryable: false,
    services: [],
    service: null,
    busy: false,
    skip: [],
  })

  it('a refused label leaves a card beside the work; the next scan goes on', () => {
    let state = run(mono(), scanned(TASSE, 'k1'), {
      type: 'labelFailed',
      key: 'k1',
      failure: failure('ML-1001'),
    })
    expect(state.mono?.pending).toEqual([])
    expect(state.failures.map((f) => f.order)).toEqual(['ML-1001'])
    expect(activeField(state)).toBe('product')
    expect(meaning(state, TASSE.ean13, TASSE, true)).toEqual({ kind: 'product' })
    state = run(state, {
      type: 'failureServices',
      order: 'ML-1001',
      services: [{ code: 'DOS', name: 'Avec signature' }],
    })
    state = run(
      state,
      { type: 'failureService', order: 'ML-1001', service: 'DOS' },
      { type: 'failureBusy', order: 'ML-1001' },
    )
    expect(state.failures[0]).toMatchObject({ service: 'DOS', busy: true })
    const label = labelRef(parcelLabel('ML-1001', '8V00000000011'))
    state = run(state, { type: 'labelsPrinted', order: 'ML-1001', labels: [label], message: 'ok' })
    expect(state.failures).toEqual([])
    expect(state.toVerify).toEqual([label])
  })

  it("a multi order's refused label frees the station; 'Mettre de côté' (on the server) takes its card off", () => {
    let state = run(
      initialShipment,
      { type: 'multiOpened', order: multiOrder() },
      { type: 'labelFailed', failure: failure('ML-2001', 'multi') },
    )
    expect(state.mode).toBe('start')
    expect(saveShipment(state)?.failures).toHaveLength(1)
    state = run(state, { type: 'setAside', order: 'ML-2001' })
    expect(state.failures).toEqual([])
    expect(state.notice).toEqual({ tone: 'warning', text: 'Commande ML-2001 mise de côté.' })
    // The order is the server's now (in exception, with its reason): nothing left for the draft.
    expect(saveShipment(state)).toBeNull()
  })

  it("'Mettre de côté' refused by the server keeps the card as it was, ready to tap again", () => {
    let state = run(
      initialShipment,
      { type: 'labelFailed', failure: failure('ML-2001', 'multi') },
      { type: 'failureBusy', order: 'ML-2001' },
      { type: 'setAsideFailed', order: 'ML-2001', message: 'Serveur injoignable.' },
    )
    expect(state.failures).toEqual([{ ...failure('ML-2001', 'multi'), busy: false }])
    expect(state.notice).toEqual({
      tone: 'error',
      text: 'Commande ML-2001 non mise de côté : Serveur injoignable.',
    })
    state = run(state, { type: 'setAside', order: 'ML-2001' })
    expect(state.failures).toEqual([])
  })
})

describe('shipment draft', () => {
  it('keeps nothing for an idle station; keeps the pending scans and keys otherwise, restored as they were', () => {
    expect(saveShipment(initialShipment)).toBeNull()
    const state = run(mono(), scanned(TASSE, 'k1'))
    const saved = saveShipment(state)!
    const restored = run(
      { ...initialShipment, verify: false },
      { type: 'restored', saved: JSON.parse(JSON.stringify(saved)) },
    )
    expect(restored.mono?.pending.map((p) => p.key)).toEqual(['k1'])
    expect(restored.verify).toBe(false)
    // The parcels being filled, and a 'Valider' under way with its keys.
    const multi = run(
      initialShipment,
      { type: 'multiOpened', order: multiOrder() },
      { type: 'itemScanned', codes: codesOf(BOL), shown: BOL.ean13 },
      { type: 'boxChosen', box: 'S' },
    )
    const back = run(initialShipment, {
      type: 'restored',
      saved: JSON.parse(JSON.stringify(saveShipment(multi))),
    })
    expect(back.multi?.parcels).toEqual([{ box: 'S', items: [BOL.sku], weight: null, weightChecked: false }])
  })
})
