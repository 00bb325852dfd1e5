import { describe, expect, it } from 'vitest'
import { isActivePath, isItemActive } from './active.ts'
import { homeItem, type NavItem } from './nav-config.ts'

describe('isActivePath', () => {
  it.each([
    ['/warehouse/picking', '/warehouse/picking', true],
    ['/warehouse/picking', '/warehouse/picking/maison-lumiere', true],
    ['/warehouse/picking', '/warehouse/picking/maison-lumiere/mono/mono_gift', true],
    ['/warehouse/picking', '/warehouse/picking?shop=x', true],
    ['/warehouse/picking', '/warehouse/picking#top', true],
    ['/warehouse/picking', '/warehouse/picking/', true],
    ['/warehouse/picking/', '/warehouse/picking', true],
    ['/warehouse/picking', '/warehouse/picking-session', false],
    ['/warehouse/picking', '/warehouse/pickingx', false],
    ['/warehouse/picking', '/warehouse', false],
    ['/warehouse/picking', '/warehouse/shipment', false],
    ['/warehouse/picking', '/Warehouse/Picking', false],
    ['/warehouse/picking', '/other/warehouse/picking', false],
    ['/warehouse/picking-session', '/warehouse/picking-session/42', true],
    ['/warehouse/picking-session', '/warehouse/picking', false],
    ['/warehouse/picking', '/warehouse/picking-session?x=/warehouse/picking/', false],
  ])('%s on %s → %s (deep)', (item, current, expected) => {
    expect(isActivePath(item, current)).toBe(expected)
  })

  it.each([
    ['/warehouse/picking', '/warehouse/picking', true],
    ['/warehouse/picking', '/warehouse/picking?shop=x', true],
    ['/warehouse/picking', '/warehouse/picking/maison-lumiere', false],
  ])('%s on %s → %s (exact)', (item, current, expected) => {
    expect(isActivePath(item, current, false)).toBe(expected)
  })

  it.each([
    ['/', true],
    ['/?tab=1', true],
    ['', false],
    ['/dashboard', false],
    ['/warehouse/picking', false],
    ['//double-slash', false],
  ])('home / on %j → %s, deep or not', (current, expected) => {
    expect(isActivePath('/', current)).toBe(expected)
    expect(isActivePath('/', current, false)).toBe(expected)
  })

  it('never activates an empty item path', () => {
    expect(isActivePath('', '')).toBe(false)
    expect(isActivePath('', '/')).toBe(false)
    expect(isActivePath('', '/warehouse')).toBe(false)
  })
})

describe('isItemActive', () => {
  const parent: NavItem = {
    title: 'Stocks',
    path: '/stocks',
    children: [
      { title: 'Transfer', path: '/warehouse/transfer' },
      { title: 'Group', path: '', children: [{ title: 'Deep', path: '/warehouse/deep' }] },
    ],
  }

  it('is active on its own path and sub-paths', () => {
    expect(isItemActive(parent, '/stocks')).toBe(true)
    expect(isItemActive(parent, '/stocks/x')).toBe(true)
  })

  it('is active when a child or a deeper descendant is', () => {
    expect(isItemActive(parent, '/warehouse/transfer/A-01')).toBe(true)
    expect(isItemActive(parent, '/warehouse/deep?x=1')).toBe(true)
  })

  it('is inactive when nothing in it matches', () => {
    expect(isItemActive(parent, '/warehouse/transfers')).toBe(false)
    expect(isItemActive(parent, '/')).toBe(false)
  })

  it('honours deepMatch false on the item', () => {
    const item: NavItem = { title: 'x', path: '/a', deepMatch: false }
    expect(isItemActive(item, '/a')).toBe(true)
    expect(isItemActive(item, '/a/b')).toBe(false)
    expect(isItemActive({ ...item, deepMatch: true }, '/a/b')).toBe(true)
  })

  it('activates the home item only on /', () => {
    expect(isItemActive(homeItem('/'), '/')).toBe(true)
    expect(isItemActive(homeItem('/dashboard'), '/dashboard')).toBe(false)
    expect(isItemActive(homeItem('/'), '/warehouse/picking')).toBe(false)
  })
})
