import { describe, expect, it } from 'vitest'
import { draftTask } from './draft-task.ts'
import { myTasks } from './my-tasks.ts'

describe('myTasks (the home page, issue 31)', () => {
  it("gives a stock worker every screen of their roles, the menu's disabled ones by their real screens", () => {
    expect(myTasks(['Reception', 'Inventory', 'Transfer', 'Rebut']).map((t) => [t.title, t.path])).toEqual([
      ['Réception', '/shop/$shopSlug/reception'],
      ['Inventaire', '/warehouse/inventory'],
      ['Transfert / Rangement', '/warehouse/transfer'],
      ['Rebut', '/shop/$shopSlug/rebut'],
    ])
  })

  it('leaves out what the roles do not open, and screens with no route of their own', () => {
    expect(myTasks(['Picking']).map((t) => t.title)).toEqual(['Picking'])
    expect(myTasks(['Picking'], true).map((t) => t.title)).toEqual(['Picking', 'Picking scan'])
    expect(myTasks(['Barcode']).map((t) => t.title)).toEqual([
      'Bordereau transport',
      'Impression emplacement',
      'Impression caisse',
    ])
    expect(myTasks(undefined)).toEqual([])
  })
})

describe('draftTask', () => {
  it('resumes a per-shop draft in its shop, a warehouse one on its screen', () => {
    expect(draftTask({ screen: 'reception', scope: 'papeterie-du-port' })).toEqual({
      title: 'Réception',
      shop: 'papeterie-du-port',
      path: '/shop/$shopSlug/reception',
    })
    expect(draftTask({ screen: 'transfer', scope: 'entrepot' })).toEqual({
      title: 'Transfert / Rangement',
      shop: null,
      path: '/warehouse/transfer',
    })
    expect(draftTask({ screen: 'unknown', scope: 'entrepot' })).toBeNull()
  })
})
