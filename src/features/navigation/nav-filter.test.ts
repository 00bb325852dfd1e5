import { WAREHOUSE_ROLES } from '@contract'
import { describe, expect, it } from 'vitest'
import { buildNavData, type NavGroup } from './nav-config.ts'
import { filterNav } from './nav-filter.ts'

/** Every warehouse role of docs/specification.md §6. */
const ALL_ROLES = WAREHOUSE_ROLES

const titles = (groups: NavGroup[]) => groups.flatMap((g) => g.items.map((i) => i.title))
const subheaders = (groups: NavGroup[]) => groups.map((g) => g.subheader)
const nav = (isDev: boolean) => buildNavData({ isDev, pickingBadge: 0 })

describe('filterNav on the warehouse menu', () => {
  it('gives a user with all nine roles every enabled item (outside dev)', () => {
    const groups = filterNav(nav(false), ALL_ROLES)
    expect(titles(groups)).toEqual([
      'Picking',
      'Expédition',
      'Colis',
      'Bordereau transport',
      'Transfert / Rangement',
      'Information commande',
      'Retour',
      'Impression emplacement',
      'Impression caisse',
    ])
    expect(subheaders(groups)).toEqual([
      'Flux Sortants',
      'Gestion des Stocks',
      'Information',
      'Retours',
      'Impression',
    ])
  })

  it('adds Picking scan after Picking in a dev environment', () => {
    expect(titles(filterNav(nav(true), ALL_ROLES)).slice(0, 3)).toEqual([
      'Picking',
      'Picking scan',
      'Expédition',
    ])
    expect(titles(filterNav(nav(true), ALL_ROLES))).toHaveLength(10)
  })

  it('gives Picking alone only Flux Sortants with Picking', () => {
    expect(filterNav(nav(false), ['Picking']).map((g) => [g.subheader, g.items.map((i) => i.title)])).toEqual(
      [['Flux Sortants', ['Picking']]],
    )
    expect(titles(filterNav(nav(true), ['Picking']))).toEqual(['Picking', 'Picking scan'])
  })

  it('gives the stock roles only Transfert / Rangement (the others are disabled)', () => {
    const groups = filterNav(nav(true), ['Reception', 'Inventory', 'Transfer', 'Rebut'])
    expect(groups.map((g) => [g.subheader, titles([g])])).toEqual([
      ['Gestion des Stocks', ['Transfert / Rangement']],
    ])
  })

  it.each([
    ['Shipping', ['Expédition', 'Colis']],
    ['Barcode', ['Bordereau transport', 'Impression emplacement', 'Impression caisse']],
    ['Print', ['Information commande']],
    ['ReturnProduct', ['Retour']],
    ['Reception', []],
    ['Inventory', []],
    ['Rebut', []],
  ])('role %s unlocks %j', (role, expected) => {
    expect(titles(filterNav(nav(true), [role]))).toEqual(expected)
  })

  it('gives no group without warehouse access or roles', () => {
    expect(filterNav(nav(true), null)).toEqual([])
    expect(filterNav(nav(true), undefined)).toEqual([])
    expect(filterNav(nav(true), [])).toEqual([])
  })

  it('ignores unknown role names and compares names exactly', () => {
    expect(filterNav(nav(true), ['admin', 'picking', 'PRINT', 'Shipping '])).toEqual([])
    expect(titles(filterNav(nav(false), ['admin', 'Print', 'Nope']))).toEqual(['Information commande'])
  })

  it('keeps the badge on the items it keeps', () => {
    const groups = filterNav(buildNavData({ isDev: true, pickingBadge: 3 }), ['Picking'])
    expect(groups[0]?.items.map((i) => i.info)).toEqual([3, 3])
  })

  it('does not modify its input', () => {
    const input = nav(false)
    const copy = structuredClone(input)
    filterNav(input, ['Picking'])
    expect(input).toEqual(copy)
  })
})

describe('filterNav rules on hand-made data', () => {
  it('keeps items without roles or with an empty roles list, even without warehouse access', () => {
    const groups: NavGroup[] = [
      {
        subheader: 'S',
        items: [
          { title: 'free', path: '/free' },
          { title: 'empty', path: '/empty', roles: [] },
          { title: 'gated', path: '/gated', roles: ['Print'] },
        ],
      },
    ]
    expect(titles(filterNav(groups, null))).toEqual(['free', 'empty'])
  })

  it('removes disabled items even when they need no role', () => {
    const groups: NavGroup[] = [{ subheader: 'S', items: [{ title: 'off', path: '/off', disabled: true }] }]
    expect(filterNav(groups, ALL_ROLES)).toEqual([])
  })

  it('lets any one of several roles through', () => {
    const groups: NavGroup[] = [
      { subheader: 'S', items: [{ title: 'either', path: '/e', roles: ['Print', 'Barcode'] }] },
    ]
    expect(titles(filterNav(groups, ['Barcode']))).toEqual(['either'])
    expect(titles(filterNav(groups, ['Print']))).toEqual(['either'])
    expect(filterNav(groups, ['Shipping'])).toEqual([])
  })

  it('filters children recursively and drops a parent whose children all went', () => {
    const groups: NavGroup[] = [
      {
        subheader: 'S',
        items: [
          {
            title: 'parent',
            path: '/p',
            children: [
              { title: 'a', path: '/p/a', roles: ['Picking'] },
              { title: 'b', path: '/p/b', roles: ['Shipping'] },
              { title: 'c', path: '/p/c', disabled: true },
              {
                title: 'sub',
                path: '/p/sub',
                children: [{ title: 'deep', path: '/p/sub/deep', roles: ['Shipping'] }],
              },
            ],
          },
          { title: 'empty parent', path: '/e', children: [] },
        ],
      },
    ]
    const picking = filterNav(groups, ['Picking'])
    expect(picking[0]?.items.map((i) => [i.title, i.children?.map((c) => c.title)])).toEqual([
      ['parent', ['a']],
      ['empty parent', []],
    ])
    const shipping = filterNav(groups, ['Shipping'])
    expect(shipping[0]?.items[0]?.children?.map((c) => [c.title, c.children?.map((d) => d.title)])).toEqual([
      ['b', undefined],
      ['sub', ['deep']],
    ])
    const none = filterNav([{ subheader: 'S', items: groups[0]?.items.slice(0, 1) ?? [] }], ['Print'])
    expect(none).toEqual([])
  })

  it('removes a parent lacking the role even when a child would pass', () => {
    const groups: NavGroup[] = [
      {
        subheader: 'S',
        items: [
          { title: 'parent', path: '/p', roles: ['Print'], children: [{ title: 'child', path: '/p/c' }] },
        ],
      },
    ]
    expect(filterNav(groups, ['Picking'])).toEqual([])
    expect(titles(filterNav(groups, ['Print']))).toEqual(['parent'])
  })
})
