import { describe, expect, it } from 'vitest'
import { changedFields as changes, formatValue as format } from './audit.ts'

const words = { yes: 'oui', no: 'non', nothing: '—', retired: 'retiré' }
const changedFields = (entry: Parameters<typeof changes>[0]) => changes(entry, words)
const formatValue = (value: unknown) => format(value, words)

describe('the history in words', () => {
  it('lists only the fields an update changed', () => {
    const before = { id: 4, username: 'nadia', roles: ['Transfer'], shops: ['atelier-velo'], disabled: false }
    const after = { ...before, roles: ['Reception'], disabled: true }
    expect(changedFields({ before, after })).toEqual([
      { field: 'roles', before: 'Transfer', after: 'Reception' },
      { field: 'disabled', before: 'non', after: 'oui' },
    ])
  })

  it('lists what a creation set and what a deletion removed, ids left out', () => {
    expect(changedFields({ before: null, after: { id: 1, slug: 'bijoux-sud', products: 0 } })).toEqual([
      { field: 'slug', before: null, after: 'bijoux-sud' },
      { field: 'products', before: null, after: '0' },
    ])
    const printers = [{ name: 'Zebra_ZD421', use: 'label', language: 'zpl' }]
    expect(changedFields({ before: { name: 'Poste 4', printers }, after: null })).toEqual([
      { field: 'name', before: 'Poste 4', after: null },
      { field: 'printers', before: 'Zebra_ZD421 · label · zpl', after: null },
    ])
  })

  it('says an ordered list by its labels, the retired ones marked', () => {
    const items = [
      { id: 1, label: 'Casse', active: true },
      { id: 2, label: 'Périmé', active: false },
    ]
    expect(formatValue(items)).toBe('Casse, Périmé (retiré)')
    expect(changedFields({ before: { items }, after: { items: [...items].reverse() } })).toEqual([
      { field: 'items', before: 'Casse, Périmé (retiré)', after: 'Périmé (retiré), Casse' },
    ])
  })

  it('shows an empty value as a dash', () => {
    expect(formatValue('')).toBe('—')
    expect(formatValue([])).toBe('—')
    expect(formatValue(null)).toBe('—')
  })
})
