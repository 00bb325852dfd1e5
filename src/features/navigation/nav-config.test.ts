import { WAREHOUSE_ROLES } from '@contract'
import { describe, expect, it } from 'vitest'
import {
  buildNavData,
  homeItem,
  homeItemTitle,
  NAV_PATHS,
  type NavGroup,
  type NavItem,
} from './nav-config.ts'

const summary = (groups: NavGroup[]) =>
  groups.map((g) => ({
    subheader: g.subheader,
    items: g.items.map((i) => [
      i.title,
      i.path,
      i.roles?.join(','),
      i.disabled === true ? 'disabled' : 'enabled',
    ]),
  }))

const allItems = (groups: NavGroup[]): NavItem[] => groups.flatMap((g) => g.items)
const byTitle = (groups: NavGroup[], title: string): NavItem => {
  const item = allItems(groups).find((i) => i.title === title)
  if (!item) throw new Error(`no item ${title}`)
  return item
}

describe('buildNavData', () => {
  it('is the SPEC §2.4 table, in order, with Picking scan enabled in a dev environment', () => {
    expect(summary(buildNavData({ isDev: true, pickingBadge: 0 }))).toEqual([
      {
        subheader: 'Flux Sortants',
        items: [
          ['Picking', '/warehouse/picking', 'Picking', 'enabled'],
          ['Picking scan', '/warehouse/picking-session', 'Picking', 'enabled'],
          ['Expédition', '/warehouse/shipment', 'Shipping', 'enabled'],
          ['Colis', '/warehouse/packaging', 'Shipping', 'enabled'],
          ['Bordereau transport', '/warehouse/carrier-slip', 'Barcode', 'enabled'],
        ],
      },
      {
        subheader: 'Gestion des Stocks',
        items: [
          ['Réception', '/warehouse/reception', 'Reception', 'disabled'],
          ['Inventaire', '/warehouse/inventory', 'Inventory', 'disabled'],
          ['Transfert / Rangement', '/warehouse/transfer', 'Transfer', 'enabled'],
          ['Rebut', '/warehouse/rebut', 'Rebut', 'disabled'],
        ],
      },
      {
        subheader: 'Information',
        items: [['Information commande', '/warehouse/order-information', 'Print', 'enabled']],
      },
      { subheader: 'Retours', items: [['Retour', '/warehouse/order-return', 'ReturnProduct', 'enabled']] },
      {
        subheader: 'Impression',
        items: [
          ['Impression produit', '/warehouse/print-product', 'Barcode', 'disabled'],
          ['Impression emplacement', '/warehouse/print-location', 'Barcode', 'enabled'],
          ['Impression caisse', '/warehouse/print-box', 'Barcode', 'enabled'],
        ],
      },
    ])
  })

  it('disables Picking scan outside a dev environment and nothing else changes', () => {
    const dev = buildNavData({ isDev: true, pickingBadge: 0 })
    const prod = buildNavData({ isDev: false, pickingBadge: 0 })
    expect(byTitle(prod, 'Picking scan').disabled).toBe(true)
    expect(byTitle(dev, 'Picking scan').disabled).toBeUndefined()
    const others = (groups: NavGroup[]) => allItems(groups).filter((i) => i.title !== 'Picking scan')
    expect(others(prod)).toEqual(others(dev))
  })

  it('puts a positive badge on both picking items only', () => {
    const groups = buildNavData({ isDev: true, pickingBadge: 7 })
    const withInfo = allItems(groups)
      .filter((i) => i.info !== undefined)
      .map((i) => [i.title, i.info])
    expect(withInfo).toEqual([
      ['Picking', 7],
      ['Picking scan', 7],
    ])
  })

  it('gives no info when the badge is 0 or negative', () => {
    for (const pickingBadge of [0, -3]) {
      const groups = buildNavData({ isDev: true, pickingBadge })
      expect(allItems(groups).some((i) => 'info' in i)).toBe(false)
    }
  })

  it('gives every item an icon key, a single known role and a unique path', () => {
    const items = allItems(buildNavData({ isDev: true, pickingBadge: 0 }))
    expect(items).toHaveLength(14)
    for (const item of items) {
      expect(item.icon, item.title).toMatch(/^[a-z-]+$/)
      expect(item.roles).toHaveLength(1)
      expect(WAREHOUSE_ROLES).toContain(item.roles?.[0])
    }
    expect(new Set(items.map((i) => i.path)).size).toBe(14)
    expect(new Set(items.map((i) => i.icon)).size).toBe(14)
    expect(items.map((i) => i.path).sort()).toEqual(Object.values(NAV_PATHS).sort())
  })

  it('returns fresh objects on every call', () => {
    const first = buildNavData({ isDev: true, pickingBadge: 0 })
    const firstItem = first[0]?.items[0]
    if (!firstItem) throw new Error('no first item')
    firstItem.title = 'changed'
    firstItem.roles?.push('Shipping')
    first[1]?.items.splice(0)
    const second = buildNavData({ isDev: true, pickingBadge: 0 })
    expect(second[0]?.items[0]?.title).toBe('Picking')
    expect(second[0]?.items[0]?.roles).toEqual(['Picking'])
    expect(second[1]?.items).toHaveLength(4)
  })
})

describe('home item', () => {
  it.each([
    ['/', 'Home'],
    ['/warehouse/picking', 'Home'],
    ['/dashboard', 'Dashboard'],
    ['/shop/maison/dashboard/stats', 'Dashboard'],
    ['/dashboards', 'Dashboard'],
    ['/Dashboard', 'Home'],
    ['dashboard', 'Home'],
  ] as const)('%s → %s', (pathname, title) => {
    expect(homeItemTitle(pathname)).toBe(title)
  })

  it('links to / with exact matching', () => {
    expect(homeItem('/dashboard')).toEqual({ title: 'Dashboard', path: '/', icon: 'home', deepMatch: false })
    expect(homeItem('/x').title).toBe('Home')
  })
})
