import { WAREHOUSE_ROLES } from '@contract'
import { describe, expect, it } from 'vitest'
import { ROLE_LABELS } from './role-labels.ts'

describe('ROLE_LABELS', () => {
  it('names every warehouse role in French, none by its code but Rebut', () => {
    expect(Object.keys(ROLE_LABELS).sort()).toEqual([...WAREHOUSE_ROLES].sort())
    expect(ROLE_LABELS.Print).toBe('Impression')
    for (const role of WAREHOUSE_ROLES) if (role !== 'Rebut') expect(ROLE_LABELS[role]).not.toBe(role)
  })
})
