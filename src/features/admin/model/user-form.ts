/** A user as the admin form edits it, and the bodies it sends (create, or update). */
import type { AdminUser } from '@contract'

export interface UserFormValues {
  username: string
  displayName: string
  email: string
  password: string
  admin: boolean
  debug: boolean
  disabled: boolean
  warehouseAccess: boolean
  roles: string[]
  shops: string[]
}

export const userFormOf = (user: AdminUser | null): UserFormValues => ({
  username: user?.username ?? '',
  displayName: user?.displayName ?? '',
  email: user?.email ?? '',
  password: '',
  admin: user?.admin ?? false,
  debug: user?.debug ?? false,
  disabled: user?.disabled ?? false,
  warehouseAccess: user?.warehouseAccess ?? false,
  roles: user?.roles ?? [],
  shops: user?.shops ?? [],
})

const common = (v: UserFormValues) => ({
  displayName: v.displayName,
  email: v.email.trim(),
  admin: v.admin,
  debug: v.debug,
  warehouseAccess: v.warehouseAccess,
  roles: v.roles,
  shops: v.shops,
})

/** Raw: the contract's schema checks them (and types them) before they are sent. */
export const createBody = (v: UserFormValues) => ({
  ...common(v),
  username: v.username,
  password: v.password,
})
export const updateBody = (v: UserFormValues) => ({ ...common(v), disabled: v.disabled })

/** The roles with `role` ticked or not, each once, in the order they were ticked. */
export const toggleRole = (roles: readonly string[], role: string, on: boolean): string[] =>
  on ? (roles.includes(role) ? [...roles] : [...roles, role]) : roles.filter((r) => r !== role)

/**
 * A role ticked or unticked: ticking one gives the warehouse access too, as a role without it
 * opens no screen and the user was created 'sans accès entrepôt' (issue 31). Unticking leaves the
 * access as it is.
 */
export const roleTicked = (values: UserFormValues, role: string, on: boolean): UserFormValues => ({
  ...values,
  roles: toggleRole(values.roles, role, on),
  warehouseAccess: on || values.warehouseAccess,
})

/** Roles kept without the warehouse access: they count for nothing, which the form says. */
export const rolesWithoutAccess = (values: UserFormValues) =>
  values.roles.length > 0 && !values.warehouseAccess
