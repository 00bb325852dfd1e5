import { type LookupHit, WAREHOUSE_ROLES } from '@contract'
import { describe, expect, it } from 'vitest'
import { buildNavData, type NavGroup } from './nav-config.ts'
import { filterNav } from './nav-filter.ts'
import {
  codeResult,
  highlight,
  itemHref,
  searchEntries,
  searchItems,
  searchNav,
  shouldLookUp,
  type HighlightSegment,
  type SearchEntry,
} from './search.ts'

/** Every warehouse role of docs/specification.md §6. */
const ALL_ROLES = WAREHOUSE_ROLES
const menu = filterNav(buildNavData({ isDev: false, pickingBadge: 4 }), ALL_ROLES)
const entries = searchEntries(menu)
const titles = (found: SearchEntry[]) => found.map((e) => e.title)

describe('searchEntries', () => {
  it('flattens the menu into title, path and subheader, in order', () => {
    expect(entries).toEqual([
      { title: 'Picking', path: '/warehouse/picking', group: 'Flux Sortants' },
      { title: 'Expédition', path: '/warehouse/shipment', group: 'Flux Sortants' },
      { title: 'Colis', path: '/warehouse/packaging', group: 'Flux Sortants' },
      { title: 'Bordereau transport', path: '/warehouse/carrier-slip', group: 'Flux Sortants' },
      { title: 'Transfert / Rangement', path: '/warehouse/transfer', group: 'Gestion des Stocks' },
      { title: 'Information commande', path: '/warehouse/order-information', group: 'Information' },
      { title: 'Retour', path: '/warehouse/order-return', group: 'Retours' },
      { title: 'Impression emplacement', path: '/warehouse/print-location', group: 'Impression' },
      { title: 'Impression caisse', path: '/warehouse/print-box', group: 'Impression' },
    ])
  })

  it('groups children under subheader > top-level title, at most two segments', () => {
    const groups: NavGroup[] = [
      {
        subheader: 'Stocks',
        items: [
          {
            title: 'Parent',
            path: '/p',
            children: [
              { title: 'Child', path: '/p/c' },
              { title: 'Box', path: '', children: [{ title: 'Grandchild', path: '/p/b/g' }] },
              { title: 'Off', path: '/p/off', disabled: true },
            ],
          },
        ],
      },
    ]
    expect(searchEntries(groups)).toEqual([
      { title: 'Parent', path: '/p', group: 'Stocks' },
      { title: 'Child', path: '/p/c', group: 'Stocks > Parent' },
      { title: 'Grandchild', path: '/p/b/g', group: 'Stocks > Parent' },
    ])
  })

  it('leaves disabled items out', () => {
    const unfiltered = searchEntries(buildNavData({ isDev: false, pickingBadge: 0 }))
    expect(titles(unfiltered)).not.toContain('Picking scan')
    expect(titles(unfiltered)).not.toContain('Réception')
    expect(unfiltered).toHaveLength(9)
  })

  it('is empty for an empty menu', () => {
    expect(searchEntries([])).toEqual([])
  })
})

describe('searchNav', () => {
  it('finds by title, case-insensitively', () => {
    expect(titles(searchNav(entries, 'COLIS'))).toEqual(['Colis'])
    expect(titles(searchNav(entries, 'impression'))).toEqual(['Impression emplacement', 'Impression caisse'])
  })

  it('finds by path', () => {
    expect(titles(searchNav(entries, 'carrier-slip'))).toEqual(['Bordereau transport'])
    expect(titles(searchNav(entries, '/warehouse/print-'))).toEqual([
      'Impression emplacement',
      'Impression caisse',
    ])
  })

  it('finds by group', () => {
    expect(titles(searchNav(entries, 'flux sortants'))).toEqual([
      'Picking',
      'Expédition',
      'Colis',
      'Bordereau transport',
    ])
    expect(titles(searchNav(entries, 'Stocks'))).toEqual(['Transfert / Rangement'])
  })

  it('ignores accents both ways and keeps the original strings', () => {
    expect(searchNav(entries, 'expedition')).toEqual([
      { title: 'Expédition', path: '/warehouse/shipment', group: 'Flux Sortants' },
    ])
    expect(titles(searchNav(entries, 'EXPÉDI'))).toEqual(['Expédition'])
    expect(titles(searchNav(entries, 'sörtants'))).toHaveLength(4)
    expect(titles(searchNav(entries, 'Expe\u0301dition'))).toEqual(['Expédition'])
  })

  it('trims the query', () => {
    expect(titles(searchNav(entries, '  retour  '))).toEqual(['Retour'])
  })

  it('gives nothing for an empty or blank query', () => {
    expect(searchNav(entries, '')).toEqual([])
    expect(searchNav(entries, '   \t')).toEqual([])
  })

  it('gives nothing when no entry matches', () => {
    expect(searchNav(entries, 'zzz')).toEqual([])
    expect(searchNav(entries, 'picking scan')).toEqual([])
  })

  it('matches the query as one piece, inner spaces included', () => {
    expect(titles(searchNav(entries, 'bordereau transport'))).toEqual(['Bordereau transport'])
    expect(searchNav(entries, 'transport bordereau')).toEqual([])
  })
})

describe('highlight', () => {
  const joined = (segments: HighlightSegment[]) => segments.map((s) => s.text).join('')

  it('splits around a case-insensitive match', () => {
    expect(highlight('Impression caisse', 'CAISSE')).toEqual([
      { text: 'Impression ', match: false },
      { text: 'caisse', match: true },
    ])
    expect(highlight('Colis', 'col')).toEqual([
      { text: 'Col', match: true },
      { text: 'is', match: false },
    ])
  })

  it('marks every occurrence', () => {
    expect(highlight('/warehouse/picking-session', 'i')).toEqual([
      { text: '/warehouse/p', match: false },
      { text: 'i', match: true },
      { text: 'ck', match: false },
      { text: 'i', match: true },
      { text: 'ng-sess', match: false },
      { text: 'i', match: true },
      { text: 'on', match: false },
    ])
  })

  it('keeps accents of the original text when the query has none', () => {
    expect(highlight('Expédition', 'pedi')).toEqual([
      { text: 'Ex', match: false },
      { text: 'pédi', match: true },
      { text: 'tion', match: false },
    ])
    expect(highlight('Réception', 'e')).toEqual([
      { text: 'R', match: false },
      { text: 'é', match: true },
      { text: 'c', match: false },
      { text: 'e', match: true },
      { text: 'ption', match: false },
    ])
  })

  it('maps indices back through decomposed accents', () => {
    const decomposed = 'Re\u0301ception'
    expect(highlight(decomposed, 'rec')).toEqual([
      { text: 'Re\u0301c', match: true },
      { text: 'eption', match: false },
    ])
    expect(highlight(decomposed, 'ception')).toEqual([
      { text: 'Re\u0301', match: false },
      { text: 'ception', match: true },
    ])
    expect(highlight(decomposed, 'é')).toEqual([
      { text: 'R', match: false },
      { text: 'e\u0301', match: true },
      { text: 'c', match: false },
      { text: 'e', match: true },
      { text: 'ption', match: false },
    ])
  })

  it('maps indices back past characters outside the BMP', () => {
    expect(highlight('📦 Colis', 'colis')).toEqual([
      { text: '📦 ', match: false },
      { text: 'Colis', match: true },
    ])
  })

  it('merges adjacent matches', () => {
    expect(highlight('aaab', 'a')).toEqual([
      { text: 'aaa', match: true },
      { text: 'b', match: false },
    ])
  })

  it('marks the whole text when it all matches', () => {
    expect(highlight('Retour', ' RETOUR ')).toEqual([{ text: 'Retour', match: true }])
  })

  it('gives the text unmatched when the query is blank or absent from it', () => {
    expect(highlight('Colis', '')).toEqual([{ text: 'Colis', match: false }])
    expect(highlight('Colis', '   ')).toEqual([{ text: 'Colis', match: false }])
    expect(highlight('Colis', 'xyz')).toEqual([{ text: 'Colis', match: false }])
  })

  it('gives no segment for an empty text', () => {
    expect(highlight('', 'a')).toEqual([])
  })

  it('always joins back to the original text', () => {
    const texts = ['Transfert / Rangement', 'Re\u0301ception é É', 'Flux Sortants > Picking', '📦é📦e\u0301']
    const queries = ['e', 'é', 'an', 't', 'p', '📦', 'e\u0301', 'zz']
    for (const text of texts) {
      for (const query of queries) {
        const segments = highlight(text, query)
        expect(joined(segments), `${text} / ${query}`).toBe(text)
        expect(segments.every((s) => s.text !== '')).toBe(true)
      }
    }
  })
})

describe('what a code typed or scanned names', () => {
  const ml = { slug: 'maison-lumiere', name: 'Maison Lumière' }
  const hits: LookupHit[] = [
    { kind: 'order', code: 'ML-MULTI-0042', label: 'Élodie Martin', order: 'ML-MULTI-0042', shop: ml },
    { kind: 'tracking', code: '8V20524752032', label: 'Élodie Martin', order: 'ML-MULTI-0042', shop: ml },
    { kind: 'crate', code: 'CAISSE-000042', label: '', order: 'ML-MULTI-0042', shop: ml },
    { kind: 'crate', code: 'CAISSE-000043', label: '', order: null, shop: null },
    { kind: 'product', code: 'ML-0060', label: 'Tasse bleue', order: null, shop: ml },
    { kind: 'location', code: 'E-03-01-01', label: '', order: null, shop: null },
  ]

  it('looks up one word of three characters or more, never a phrase', () => {
    expect(shouldLookUp('ML-0060')).toBe(true)
    expect(shouldLookUp('  e-03  ')).toBe(true)
    expect(shouldLookUp('ab')).toBe(false)
    expect(shouldLookUp('information commande')).toBe(false)
  })

  it('opens Information commande for an order, a tracking number and a crate; the product and location screens for the others', () => {
    expect(hits.map(codeResult).map(({ title, group, href }) => ({ title, group, href }))).toEqual([
      {
        title: 'Commande ML-MULTI-0042',
        group: 'Information commande',
        href: '/warehouse/order-information/ML-MULTI-0042',
      },
      {
        title: 'Numéro de suivi 8V20524752032',
        group: 'Information commande',
        href: '/warehouse/order-information/ML-MULTI-0042',
      },
      {
        title: 'Caisse CAISSE-000042',
        group: 'Information commande',
        href: '/warehouse/order-information/ML-MULTI-0042',
      },
      { title: 'Caisse CAISSE-000043', group: 'Information commande', href: null },
      {
        title: 'Tasse bleue',
        group: 'Information produit',
        href: '/shop/maison-lumiere/product-information?code=ML-0060',
      },
      {
        title: 'Emplacement E-03-01-01',
        group: 'Information emplacement',
        href: '/warehouse/location-information?name=E-03-01-01',
      },
    ])
    expect(codeResult(hits[1] as LookupHit).detail).toBe(
      'Commande ML-MULTI-0042 · Maison Lumière · Élodie Martin',
    )
    expect(codeResult(hits[3] as LookupHit).detail).toBe('Caisse libre : elle ne contient aucune commande.')
    expect(codeResult(hits[4] as LookupHit).detail).toBe('SKU ML-0060 · Maison Lumière')
  })

  it('lists the screens first, as SPEC has them, then what the code names, and says where each leads', () => {
    // 'expedition' names the screen Expédition and a location EXPEDITION: Enter still opens the screen.
    const screens = searchNav(entries, 'expedition')
    const dock: LookupHit = { kind: 'location', code: 'EXPEDITION', label: '', order: null, shop: null }
    expect(searchItems(screens, [dock]).map(itemHref)).toEqual([
      '/warehouse/shipment',
      '/warehouse/location-information?name=EXPEDITION',
    ])
    expect(searchItems(screens, [])).toEqual(screens.map((entry) => ({ type: 'screen', entry })))
    expect(itemHref(undefined)).toBeNull()
  })
})
