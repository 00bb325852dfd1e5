import { adminUserCreate, adminUserUpdate, type AdminUser } from '@contract'
import { describe, expect, it } from 'vitest'
import { checkBody } from '@/lib/forms'
import {
  createBody,
  roleTicked,
  rolesWithoutAccess,
  toggleRole,
  updateBody,
  userFormOf,
} from './user-form.ts'

const lea: AdminUser = {
  id: 7,
  username: 'lea',
  displayName: 'Léa',
  email: 'lea@example.com',
  admin: false,
  debug: true,
  disabled: false,
  warehouseAccess: true,
  roles: ['Transfer'],
  shops: ['atelier-nord'],
}

describe('the user form', () => {
  it('starts empty for a new user, and from the user with no password for an edit', () => {
    expect(userFormOf(null)).toMatchObject({ username: '', password: '', roles: [], shops: [], admin: false })
    expect(userFormOf(lea)).toMatchObject({ username: 'lea', password: '', debug: true, roles: ['Transfer'] })
  })

  it('sends the identifier and password on create only, the disabled flag on update only', () => {
    const values = { ...userFormOf(lea), email: ' lea@example.com ', password: 'secret-long' }
    expect(createBody(values)).toMatchObject({
      username: 'lea',
      password: 'secret-long',
      email: 'lea@example.com',
    })
    expect(createBody(values)).not.toHaveProperty('disabled')
    expect(updateBody(values)).toMatchObject({
      disabled: false,
      roles: ['Transfer'],
      shops: ['atelier-nord'],
    })
    expect(updateBody(values)).not.toHaveProperty('password')
    expect(updateBody(values)).not.toHaveProperty('username')
  })

  it("gives bodies the contract's schemas accept", () => {
    const values = { ...userFormOf(lea), password: 'secret-long' }
    expect(checkBody(adminUserCreate.body, createBody(values)).ok).toBe(true)
    expect(checkBody(adminUserUpdate.body, updateBody(values)).ok).toBe(true)
  })

  it('ticks a role once and unticks it', () => {
    expect(toggleRole(['Transfer'], 'Barcode', true)).toEqual(['Transfer', 'Barcode'])
    expect(toggleRole(['Transfer'], 'Transfer', true)).toEqual(['Transfer'])
    expect(toggleRole(['Transfer', 'Barcode'], 'Transfer', false)).toEqual(['Barcode'])
  })

  it('gives the warehouse access with the first role ticked, and says when roles are left without it (issue 31)', () => {
    const fresh = userFormOf(null)
    const ticked = roleTicked(fresh, 'Reception', true)
    expect(ticked).toMatchObject({ roles: ['Reception'], warehouseAccess: true })
    expect(rolesWithoutAccess(ticked)).toBe(false)
    // The administrator takes the access away on purpose: the roles stay, and the form says so.
    const withdrawn = { ...ticked, warehouseAccess: false }
    expect(rolesWithoutAccess(withdrawn)).toBe(true)
    // Unticking a role never gives nor takes the access.
    expect(roleTicked(withdrawn, 'Reception', false)).toMatchObject({ roles: [], warehouseAccess: false })
    expect(rolesWithoutAccess(roleTicked(withdrawn, 'Reception', false))).toBe(false)
  })
})
