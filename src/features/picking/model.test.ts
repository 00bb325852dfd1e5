import { PICKING_TYPE_LABELS, type PickingBatch, type PickingTypeCount } from '@contract'
import { describe, expect, it } from 'vitest'
import {
  addRecentBatch,
  batchKind,
  batchLine,
  choiceValue,
  defaultOrders,
  groupTypeCounts,
  keyForClick,
  maxOrders,
  ordersError,
  parseChoice,
  printTarget,
  readyFor,
  RECENT_BATCHES,
  sortShops,
  targetSignature,
} from './model.ts'

const types: PickingTypeCount[] = [
  { pickingType: 'multi_gift', orders: 4, units: 11 },
  { pickingType: 'mono_gift', orders: 12, units: 12 },
  { pickingType: 'mono', orders: 250, units: 250 },
]
const campaigns = [{ code: 'NOEL', name: 'Noël 2026', orders: 7, units: 9 }]

const batch = (name: string, shop = 'maison-lumiere'): PickingBatch => ({
  id: 1,
  name,
  shop,
  pickingType: 'mono_gift',
  campaign: null,
  orders: 12,
  units: 12,
  printedAt: '2026-11-23T14:05:00.000Z',
})

describe('picking types', () => {
  it('names the eight types in French', () => {
    expect(PICKING_TYPE_LABELS).toEqual({
      mono: 'Mono',
      mono_customized: 'Mono personnalisée',
      mono_gift: 'Mono cadeau',
      mono_classic: 'Mono classique',
      multi: 'Multi',
      multi_customized: 'Multi personnalisée',
      multi_gift: 'Multi cadeau',
      multi_classic: 'Multi classique',
    })
  })

  it('groups the counts mono then multi, always eight rows in a fixed order, missing ones at zero', () => {
    const groups = groupTypeCounts(types)
    expect(groups.map((g) => g.family)).toEqual(['mono', 'multi'])
    expect(groups[0]?.rows.map((r) => [r.pickingType, r.orders])).toEqual([
      ['mono', 250],
      ['mono_customized', 0],
      ['mono_gift', 12],
      ['mono_classic', 0],
    ])
    expect(groups[1]?.rows.map((r) => [r.pickingType, r.orders, r.units])).toEqual([
      ['multi', 0, 0],
      ['multi_customized', 0, 0],
      ['multi_gift', 4, 11],
      ['multi_classic', 0, 0],
    ])
  })

  it("shows the screen test's counts: eight rows in place, the types not counted at zero", () => {
    const counted: PickingTypeCount[] = [
      { pickingType: 'mono', orders: 0, units: 0 },
      { pickingType: 'mono_gift', orders: 12, units: 15 },
      { pickingType: 'multi_customized', orders: 3, units: 8 },
    ]
    expect(
      groupTypeCounts(counted).map((g) => g.rows.map((r) => [r.pickingType, r.orders, r.units])),
    ).toEqual([
      [
        ['mono', 0, 0],
        ['mono_customized', 0, 0],
        ['mono_gift', 12, 15],
        ['mono_classic', 0, 0],
      ],
      [
        ['multi', 0, 0],
        ['multi_customized', 3, 8],
        ['multi_gift', 0, 0],
        ['multi_classic', 0, 0],
      ],
    ])
  })

  it('names a batch by its type, or by its campaign', () => {
    expect(batchKind({ pickingType: 'multi_customized', campaign: null })).toBe('Multi personnalisée')
    expect(batchKind({ pickingType: null, campaign: 'Noël 2026' })).toBe('Noël 2026')
  })

  it('says a batch in one line: its kind, orders and units, then what the screen adds', () => {
    expect(batchLine({ ...batch('ML-MONO-GIFT-0042'), units: 1 })).toBe(
      'Mono cadeau · 12 commandes · 1 article',
    )
    expect(
      batchLine({ ...batch('ML-NOEL-0001'), pickingType: null, campaign: null }, '23/11/2026 15:05'),
    ).toBe('12 commandes · 12 articles · 23/11/2026 15:05')
    // The screen test's batches: a type's, and a campaign's.
    expect(batchLine({ ...batch('ML-MONO-GIFT-0042'), units: 15 })).toBe(
      'Mono cadeau · 12 commandes · 15 articles',
    )
    expect(
      batchLine({ ...batch('ML-NOEL-0001'), pickingType: null, campaign: 'Noël 2026', orders: 4, units: 7 }),
    ).toBe('Noël 2026 · 4 commandes · 7 articles')
  })
})

describe('shops', () => {
  it('puts the shops with orders ready first, keeping their order, and the empty ones after', () => {
    const { ready, empty } = sortShops([
      { slug: 'a', name: 'A', orderCount: 0 },
      { slug: 'b', name: 'B', orderCount: 3 },
      { slug: 'c', name: 'C' },
      { slug: 'd', name: 'D', orderCount: 1 },
    ])
    expect(ready.map((s) => s.slug)).toEqual(['b', 'd'])
    expect(empty.map((s) => s.slug)).toEqual(['a', 'c'])
  })
})

describe('choice', () => {
  it('reads back what it wrote, and refuses what is not a choice', () => {
    expect(parseChoice(choiceValue({ kind: 'type', pickingType: 'mono_gift' }))).toEqual({
      kind: 'type',
      pickingType: 'mono_gift',
    })
    expect(parseChoice(choiceValue({ kind: 'campaign', code: 'NOEL:2' }))).toEqual({
      kind: 'campaign',
      code: 'NOEL:2',
    })
    expect(parseChoice('type:mono_express')).toBeNull()
    expect(parseChoice('campaign:')).toBeNull()
    expect(parseChoice(null)).toBeNull()
  })

  it('counts what is ready for a type or a campaign', () => {
    expect(readyFor({ kind: 'type', pickingType: 'mono_gift' }, types, campaigns)).toBe(12)
    expect(readyFor({ kind: 'type', pickingType: 'multi_classic' }, types, campaigns)).toBe(0)
    expect(readyFor({ kind: 'campaign', code: 'NOEL' }, types, campaigns)).toBe(7)
    expect(readyFor(null, types, campaigns)).toBe(0)
  })
})

describe('number of orders', () => {
  it('proposes 30, or what is ready when fewer, never over 200', () => {
    expect(defaultOrders(250)).toBe(30)
    expect(defaultOrders(12)).toBe(12)
    expect(defaultOrders(0)).toBe(30)
    expect(maxOrders(250)).toBe(200)
    expect(maxOrders(12)).toBe(12)
    // Multi personnalisée in the screen test: 3 ready, 3 proposed.
    expect(defaultOrders(3)).toBe(3)
  })

  it.each([
    ['', 12, 'Indiquez le nombre de commandes à prendre.'],
    [2.5, 12, 'Le nombre de commandes doit être un nombre entier.'],
    [0, 12, 'Prenez au moins 1 commande.'],
    [201, 250, 'Au plus 200 commandes par liste.'],
    [13, 12, 'Seules 12 commandes sont prêtes : prenez-en 12 au plus.'],
    [2, 1, 'Une seule commande est prête.'],
  ] as const)('refuses %s with %s ready in French', (value, ready, message) =>
    expect(ordersError(value, ready)).toBe(message),
  )

  it('accepts a whole number within what is ready, typed or not', () => {
    expect(ordersError(12, 12)).toBeNull()
    expect(ordersError('200', 250)).toBeNull()
  })
})

describe('what can be printed', () => {
  const monoGift = { kind: 'type', pickingType: 'mono_gift' } as const

  it('asks for a choice first', () => {
    expect(printTarget(null, 30, 0)).toEqual({
      choiceError: 'Choisissez un type de picking ou une campagne.',
    })
  })

  it('does not ask the server for a choice counted empty', () => {
    expect(printTarget({ kind: 'type', pickingType: 'multi' }, 30, 0)).toEqual({
      choiceError: 'Aucune commande prête pour ce choix : rien à imprimer.',
    })
  })

  it('puts a wrong number on its field', () => {
    expect(printTarget(monoGift, 40, 12)).toEqual({
      ordersError: 'Seules 12 commandes sont prêtes : prenez-en 12 au plus.',
    })
    // The field emptied.
    expect(printTarget(monoGift, '', 12)).toEqual({
      ordersError: 'Indiquez le nombre de commandes à prendre.',
    })
  })

  it("refuses the screen test's Mono classique, counted empty, before any call", () => {
    expect(printTarget({ kind: 'type', pickingType: 'mono_classic' }, 30, 0)).toEqual({
      choiceError: 'Aucune commande prête pour ce choix : rien à imprimer.',
    })
  })

  it('prints a type or a campaign with the number asked', () => {
    expect(printTarget(monoGift, 12, 12)).toEqual({ target: { choice: monoGift, limit: 12 } })
    const noel = { kind: 'campaign', code: 'NOEL' } as const
    expect(printTarget(noel, '5', 7)).toEqual({ target: { choice: noel, limit: 5 } })
    // The screen test's: 12 of Mono cadeau, the 4 of the campaign.
    expect(printTarget(monoGift, 12, 12)).toEqual({ target: { choice: monoGift, limit: 12 } })
    expect(printTarget(noel, 4, 4)).toEqual({ target: { choice: noel, limit: 4 } })
  })
})

describe('idempotency key of a click', () => {
  const target = { choice: { kind: 'type', pickingType: 'mono_gift' }, limit: 12 } as const
  let n = 0
  const newKey = () => `key-${++n}`

  it('keeps the key of a click without answer when the same print is asked again', () => {
    const first = keyForClick(null, targetSignature('maison-lumiere', target), newKey)
    const again = keyForClick(first, targetSignature('maison-lumiere', target), newKey)
    expect(again.key).toBe(first.key)
  })

  it('makes a new key when anything of the request changed', () => {
    const first = keyForClick(null, targetSignature('maison-lumiere', target), newKey)
    const more = keyForClick(first, targetSignature('maison-lumiere', { ...target, limit: 13 }), newKey)
    const other = keyForClick(first, targetSignature('atelier-velo', target), newKey)
    const campaign = keyForClick(
      first,
      targetSignature('maison-lumiere', { choice: { kind: 'campaign', code: 'NOEL' }, limit: 12 }),
      newKey,
    )
    expect(new Set([first.key, more.key, other.key, campaign.key]).size).toBe(4)
    // The screen test's: 12 asked without answer, then 5.
    expect(
      keyForClick(first, targetSignature('maison-lumiere', { ...target, limit: 5 }), newKey).key,
    ).not.toBe(first.key)
  })
})

describe('recent batches', () => {
  it('keeps the newest first, once each, at most RECENT_BATCHES', () => {
    let list: PickingBatch[] = []
    for (let i = 1; i <= RECENT_BATCHES + 3; i++) list = addRecentBatch(list, batch(`ML-MONO-GIFT-${i}`))
    list = addRecentBatch(list, batch('ML-MONO-GIFT-10'))
    expect(list).toHaveLength(RECENT_BATCHES)
    expect(list[0]?.name).toBe('ML-MONO-GIFT-10')
    expect(list.filter((b) => b.name === 'ML-MONO-GIFT-10')).toHaveLength(1)
    expect(list[1]?.name).toBe(`ML-MONO-GIFT-${RECENT_BATCHES + 3}`)
  })
})
