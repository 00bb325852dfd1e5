import type { OrderPackaging } from '@contract'
import { describe, expect, it } from 'vitest'
import {
  activeField,
  canEdit,
  canResume,
  editProblem,
  estimateOf,
  initialPackaging,
  maxOf,
  packagingBody,
  parcelActions,
  reducePackaging,
  savePackaging,
  unpackedUnits,
  weightWarning,
  writeApplies,
  type PackagingEvent,
  type PackagingState,
} from './model.ts'
import { BOUGIE, LAMPE, orderView, parcel, tracking } from '../../testing/packaging.ts'

const run = (...events: PackagingEvent[]) => events.reduce(reducePackaging, initialPackaging)
const loaded = (view = orderView()) => run({ type: 'loaded', view })
const editing = (view = orderView()) => reducePackaging(loaded(view), { type: 'editStarted' })
const apply = (state: PackagingState, ...events: PackagingEvent[]) => events.reduce(reducePackaging, state)

describe('packaging model', () => {
  it('scans the order first, then another order or a number; a look-up shows and clears its state', () => {
    expect(activeField(initialPackaging)).toBe('order')
    const looking = run({ type: 'lookUpStarted', code: 'ML-P0001' })
    expect(looking.looking).toBe('ML-P0001')
    const refused = reducePackaging(looking, { type: 'lookUpRefused', message: 'Commande inconnue' })
    expect(refused).toMatchObject({ looking: null, lookUpError: 'Commande inconnue', view: null })
    const state = reducePackaging(refused, { type: 'loaded', view: orderView() })
    expect(state).toMatchObject({ looking: null, lookUpError: null })
    expect(activeField(state)).toBe('next')
  })

  it('keeps the edit when the same order is read again, drops it for another order', () => {
    const state = apply(editing(), { type: 'weightChanged', key: 'P1', weightGrams: 1_400 })
    const again = reducePackaging(state, { type: 'loaded', view: orderView() })
    expect(again.edit?.[0]?.weightGrams).toBe(1_400)
    const other = orderView({ order: { ...orderView().order, name: 'ML-P0002' } })
    expect(reducePackaging(state, { type: 'loaded', view: other }).edit).toBeNull()
  })

  it('edits the open parcels as a whole: box, weight, units moved into a new parcel, and the PUT body', () => {
    const state = apply(
      editing(),
      { type: 'boxChanged', key: 'P2', boxType: 'S' },
      { type: 'unitsChanged', key: 'P2', orderLine: 12, quantity: 1 },
      { type: 'parcelAdded' },
    )
    const added = state.edit?.[2]
    expect(added).toMatchObject({ key: 'N1', seq: null, boxType: 'S', lines: [] })
    // The candle taken out of parcel 2 is out of any parcel until it goes into the new one.
    expect(unpackedUnits(state.view!, state.edit).get(12)).toBe(1)
    expect(editProblem(state.edit!)).toBe('Nouveau colis est vide : ajoutez un article ou supprimez-le.')
    const done = apply(
      state,
      { type: 'unitsChanged', key: 'N1', orderLine: 12, quantity: 1 },
      { type: 'weightChanged', key: 'N1', weightGrams: 520 },
    )
    expect(unpackedUnits(done.view!, done.edit).get(12)).toBe(0)
    expect(editProblem(done.edit!)).toBeNull()
    expect(packagingBody(done.edit!)).toEqual({
      parcels: [
        { boxType: 'M', lines: [{ orderLine: 11, quantity: 1 }] },
        { boxType: 'S', lines: [{ orderLine: 12, quantity: 1 }] },
        { boxType: 'S', weightGrams: 520, lines: [{ orderLine: 12, quantity: 1 }] },
      ],
    })
    const removed = apply(done, { type: 'parcelRemoved', key: 'P1' })
    expect(removed.edit?.map((p) => p.key)).toEqual(['P2', 'N1'])
    expect(unpackedUnits(removed.view!, removed.edit).get(11)).toBe(1)
    expect(apply(removed, { type: 'editCancelled' }).edit).toBeNull()
  })

  it('leaves labelled parcels out of the edit and counts their units as packed', () => {
    const view = orderView({
      parcels: [
        parcel(1, {
          status: 'labelled',
          tracking: tracking('8L00000000012'),
          lines: [{ orderLine: 11, product: LAMPE, quantity: 1 }],
        }),
        parcel(2, { lines: [{ orderLine: 12, product: BOUGIE, quantity: 2 }] }),
      ],
    })
    const state = editing(view)
    expect(state.edit?.map((p) => p.seq)).toEqual([2])
    expect([...unpackedUnits(view, state.edit).values()]).toEqual([0, 0])
  })

  it('figures a parcel: estimate = tare + units × weight, max = the lighter of box and carrier, ±10 % warning', () => {
    const view = orderView()
    expect(
      estimateOf(view, {
        boxType: 'M',
        lines: [
          { orderLine: 11, quantity: 1 },
          { orderLine: 12, quantity: 2 },
        ],
      }),
    ).toBe(300 + 1_200 + 700)
    expect(estimateOf(view, { boxType: 'XL', lines: [] })).toBeNull()
    expect(maxOf(view, 'S')).toBe(5_000)
    const lowCarrier = orderView({
      order: { ...view.order, carrier: { code: 'x', name: 'X', maxParcelGrams: 3_000 } },
    })
    expect(maxOf(lowCarrier, 'S')).toBe(3_000)
    expect(weightWarning(1_650, 1_500)).toBeNull()
    expect(weightWarning(1_651, 1_500)).toBe(
      'Vérifiez le colis : poids mesuré 1,651 kg, estimé 1,5 kg (écart de plus de 10 %).',
    )
    expect(weightWarning(1_349, 1_500)).not.toBeNull()
    expect(weightWarning(null, 1_500)).toBeNull()
  })

  it('merges the PUT answer with the numbers of the labelled parcels', () => {
    const labelled = parcel(1, { status: 'labelled', tracking: tracking('8L00000000012') })
    const state = editing(orderView({ parcels: [labelled, parcel(2)] }))
    const { tracking: _t, ...bare } = labelled
    const answer: OrderPackaging = {
      ...orderView(),
      parcels: [bare, { ...parcel(2), boxType: { code: 'S', name: 'Carton S' } }],
    }
    const saved = reducePackaging(state, { type: 'saved', packaging: answer })
    expect(saved.edit).toBeNull()
    expect(saved.view?.parcels.map((p) => p.tracking?.number ?? null)).toEqual(['8L00000000012', null])
    expect(saved.view?.services).toHaveLength(2)
    expect(saved.notice).toEqual({ tone: 'success', text: 'Colis enregistrés.' })
  })

  it('offers label and manual entry on open parcels of a packed order, reprint and void on labelled ones, nothing while busy or editing', () => {
    const api = parcel(1, { status: 'labelled', tracking: tracking('8L00000000012') })
    const manual = parcel(2, { status: 'labelled', tracking: tracking('XN081879383FR', 'manual') })
    const open = parcel(3)
    const state = loaded(orderView({ parcels: [api, manual, open] }))
    expect(parcelActions(state, open)).toEqual({ label: true, manual: true, reprint: false, void: false })
    expect(parcelActions(state, api)).toEqual({ label: false, manual: false, reprint: true, void: true })
    // Typed in from another system: its label is not printed here.
    expect(parcelActions(state, manual)).toEqual({ label: false, manual: false, reprint: false, void: true })
    // A label the shop bought prints from here again, as it came: voiding it is not the only way out.
    const bought = parcel(4, { status: 'labelled', tracking: tracking('1ZSHOP420300012344', 'shop') })
    expect(parcelActions(state, bought)).toMatchObject({ reprint: true, void: true })
    const busy = reducePackaging(state, { type: 'started', action: 'label', seq: 3 })
    expect(parcelActions(busy, api).void).toBe(false)
    expect(parcelActions(reducePackaging(state, { type: 'editStarted' }), open).label).toBe(false)
    const picked = loaded(orderView({ order: { ...orderView().order, status: 'picked' } }))
    expect(parcelActions(picked, open).label).toBe(false)
    expect(canEdit(picked)).toBe(true)
    expect(canEdit(loaded(orderView({ order: { ...orderView().order, status: 'labelled' } })))).toBe(false)
    // Set aside in exception: no label, no number, no change until 'Reprendre'.
    const aside = loaded(orderView({ order: { ...orderView().order, status: 'exception' } }))
    expect(parcelActions(aside, open)).toMatchObject({ label: false, manual: false })
    expect(canEdit(aside)).toBe(false)
    expect(canResume(aside)).toBe(true)
    expect(canResume(reducePackaging(aside, { type: 'started', action: 'resume', seq: null }))).toBe(false)
    expect(canResume(state)).toBe(false)
  })

  it('runs a second tap queued behind the first only if it still applies', () => {
    // 'Enregistrer les colis' twice: the second finds the edit saved (an empty PUT would unpack).
    const edit = editing()
    expect(writeApplies(edit, 'save', null)).toBe(true)
    const saved = apply(edit, { type: 'started', action: 'save', seq: null })
    expect(writeApplies(saved, 'save', null)).toBe(false)
    expect(writeApplies(loaded(), 'save', null)).toBe(false)
    // 'Étiqueter' twice: the second finds the parcel labelled (no second print).
    const labelled = orderView({ parcels: [parcel(1, { status: 'labelled', tracking: tracking('8L1') })] })
    expect(writeApplies(loaded(), 'label', 1)).toBe(true)
    expect(writeApplies(loaded(labelled), 'label', 1)).toBe(false)
    expect(writeApplies(loaded(labelled), 'void', 1)).toBe(true)
    expect(writeApplies(loaded(), 'void', 9)).toBe(false)
    // The read after a reload, once.
    const restored = run({ type: 'restored', saved: savePackaging(loaded())! })
    expect(writeApplies(restored, 'refresh', null)).toBe(true)
    expect(writeApplies(loaded(), 'refresh', null)).toBe(false)
  })

  it('keeps a carrier refusal until the next write, and the service chosen for the next labels', () => {
    const state = apply(
      loaded(),
      { type: 'started', action: 'label', seq: 1 },
      {
        type: 'carrierRefused',
        seq: 1,
        message: "GLS a refusé l'étiquette du colis 1 : Service indisponible",
      },
      { type: 'serviceChosen', service: 'DOS' },
    )
    expect(state).toMatchObject({ busy: null, service: 'DOS', carrierRefusal: { seq: 1 } })
    const retried = reducePackaging(state, { type: 'started', action: 'label', seq: 1 })
    expect(retried.carrierRefusal).toBeNull()
    expect(retried.service).toBe('DOS')
  })

  it('keeps the order and its edit on the device, and marks what comes back stale until read again', () => {
    expect(savePackaging(initialPackaging)).toBeNull()
    const state = apply(editing(), { type: 'weightChanged', key: 'P1', weightGrams: 1_400 })
    const saved = savePackaging(state)!
    const restored = run({ type: 'restored', saved: JSON.parse(JSON.stringify(saved)) })
    expect(restored.stale).toBe(true)
    expect(restored.edit?.[0]?.weightGrams).toBe(1_400)
    expect(reducePackaging(restored, { type: 'loaded', view: orderView() })).toMatchObject({ stale: false })
  })

  it("with the screen's numbers: every picked unit in a parcel; 2 kg weighed for the lamp's parcel is off its 1,5 kg estimate; a candle moved into a new parcel boxed 'S'; one PUT of every open parcel", () => {
    const view = orderView()
    // 'Toutes les unités préparées sont en colis.'
    expect([...unpackedUnits(view, null).values()]).toEqual([0, 0])
    const weighed = apply(editing(), { type: 'weightChanged', key: 'P1', weightGrams: 2_000 })
    expect(estimateOf(view, weighed.edit![0]!)).toBe(1_500)
    expect(weightWarning(2_000, 1_500)).toBe(
      'Vérifiez le colis : poids mesuré 2 kg, estimé 1,5 kg (écart de plus de 10 %).',
    )
    const added = apply(
      weighed,
      { type: 'unitsChanged', key: 'P2', orderLine: 12, quantity: 1 },
      { type: 'parcelAdded' },
    )
    // The new parcel takes the last one's box until another is chosen.
    expect(added.edit?.[2]).toMatchObject({ key: 'N1', seq: null, boxType: 'M', lines: [] })
    const done = apply(
      added,
      { type: 'boxChanged', key: 'N1', boxType: 'S' },
      { type: 'unitsChanged', key: 'N1', orderLine: 12, quantity: 1 },
    )
    expect(unpackedUnits(view, done.edit).get(12)).toBe(0)
    expect(editProblem(done.edit!)).toBeNull()
    expect(writeApplies(done, 'save', null)).toBe(true)
    expect(packagingBody(done.edit!)).toEqual({
      parcels: [
        { boxType: 'M', weightGrams: 2000, lines: [{ orderLine: 11, quantity: 1 }] },
        { boxType: 'M', lines: [{ orderLine: 12, quantity: 1 }] },
        { boxType: 'S', lines: [{ orderLine: 12, quantity: 1 }] },
      ],
    })
  })

  it("offers no 'Reprendre' for a short pick, and no label nor number while it waits", () => {
    const short = loaded(
      orderView({
        order: { ...orderView().order, status: 'exception' },
        hold: {
          kind: 'short_pick',
          reason: 'Manquant au prélèvement : 1 × ML-0001 à A-01-02-03',
          missing: [{ sku: 'ML-0001', name: 'Lampe', location: 'A-01-02-03', quantity: 1 }],
          tote: 'CAISSE-000101',
        },
      }),
    )
    expect(canResume(short)).toBe(false)
    expect(writeApplies(short, 'resume', null)).toBe(false)
    expect(parcelActions(short, short.view!.parcels[1]!)).toMatchObject({ label: false, manual: false })
    expect(canEdit(short)).toBe(false)
  })
})
