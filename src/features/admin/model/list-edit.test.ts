import { describe, expect, it } from 'vitest'
import { add, draftOf, duplicateLabel, isDirty, move, rename, toBody, toggleActive } from './list-edit.ts'

const saved = [
  { id: 1, label: 'Casse', active: true },
  { id: 2, label: 'Périmé', active: true },
  { id: 3, label: 'Ancien motif', active: false },
]

describe('an ordered list being edited', () => {
  it('moves an item up and down, and not past either end', () => {
    const items = draftOf(saved)
    expect(move(items, 1, -1).map((i) => i.id)).toEqual([2, 1, 3])
    expect(move(items, 0, 1).map((i) => i.id)).toEqual([2, 1, 3])
    expect(move(items, 0, -1).map((i) => i.id)).toEqual([1, 2, 3])
    expect(move(items, 2, 1).map((i) => i.id)).toEqual([1, 2, 3])
    // Keys follow their item, so the screen keeps focus on the row it moved.
    expect(move(items, 1, -1)[0]?.key).toBe('id-2')
  })

  it('adds a new item after the active ones, renames and retires, and saves everything in order', () => {
    let items = draftOf(saved)
    items = add(items, '  Emballage écrasé ', 'new-1')
    items = rename(items, 0, 'Casse (renommé)')
    items = toggleActive(items, 1)
    items = toggleActive(items, 3)
    expect(toBody(items)).toEqual({
      items: [
        { id: 1, label: 'Casse (renommé)', active: true },
        { id: 2, label: 'Périmé', active: false },
        { label: 'Emballage écrasé', active: true },
        { id: 3, label: 'Ancien motif', active: true },
      ],
    })
  })

  it('knows whether anything changed, trailing spaces aside', () => {
    expect(isDirty(saved, draftOf(saved))).toBe(false)
    expect(isDirty(saved, rename(draftOf(saved), 0, 'Casse '))).toBe(false)
    expect(isDirty(saved, rename(draftOf(saved), 0, 'Cassé'))).toBe(true)
    expect(isDirty(saved, move(draftOf(saved), 0, 1))).toBe(true)
    expect(isDirty(saved, add(draftOf(saved), 'x', 'new-1'))).toBe(true)
  })

  it('finds a label used twice in any case, as the server would refuse it', () => {
    expect(duplicateLabel(draftOf(saved))).toBeNull()
    expect(duplicateLabel(add(draftOf(saved), 'casse ', 'new-1'))).toBe('casse')
  })
})
