/**
 * The admin area, part one (issue 16): the first administrator of an empty site, users, shops, a
 * shop's catalogue from a CSV, and the history of every change. Every call but the two set-up ones
 * needs the `admin` flag, which the server checks (endpoint.ts `admin`).
 */
import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { LOGIN_FIELDS, lightRoutes } from '../light-calls.ts'
import { warehouseRoleSchema } from '../roles.ts'
import { adminCall, adminIdParamSchema, requiredText as text, rowId } from './admin-fields.ts'

/**
 * The length floor of every password set through the API; the server also refuses the most common
 * ones (server/auth/password-policy.ts: a list too large for the forms to carry).
 */
export const ADMIN_PASSWORD_MIN = 8
const password = z
  .string()
  .check(
    z.minLength(ADMIN_PASSWORD_MIN, `Mot de passe : ${ADMIN_PASSWORD_MIN} caractères au moins.`),
    z.maxLength(LOGIN_FIELDS.password.max, LOGIN_FIELDS.password.tooLong),
  )
const username = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Identifiant : obligatoire.'),
    z.maxLength(LOGIN_FIELDS.username.max, LOGIN_FIELDS.username.tooLong),
    z.regex(/^[A-Za-z0-9._@-]+$/, 'Identifiant : lettres sans accent, chiffres et . _ @ - seulement.'),
  )
const email = z.union([z.literal(''), z.email('Adresse e-mail invalide.')])

/** Is there anyone yet? The sign-in page offers to create the first administrator while not. */
export const setupStatus = endpoint({
  ...lightRoutes.setupStatus, // GET /rest/setup/status, answered without zod on the sign-in page
  summary: 'Whether the site still needs its first administrator (no user at all)',
  response: z.object({ needsFirstAdmin: z.boolean() }),
})

export const firstAdminBodySchema = z.object({
  username,
  displayName: text('Nom', 120),
  email: z.optional(email),
  password,
})
export type FirstAdminBody = z.infer<typeof firstAdminBodySchema>

export const setupFirstAdmin = endpoint({
  method: 'POST',
  path: '/rest/setup/first-admin',
  summary: 'Creates the first administrator and signs them in; refused (409) once any user exists',
  auth: 'public',
  body: firstAdminBodySchema,
  response: z.object({ token: z.string() }),
})

export const adminUserSchema = z.object({
  id: z.int(),
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  admin: z.boolean(),
  debug: z.boolean(),
  disabled: z.boolean(),
  warehouseAccess: z.boolean(),
  roles: z.array(z.string()),
  /** Shop slugs. */
  shops: z.array(z.string()),
})
export type AdminUser = z.infer<typeof adminUserSchema>

const userFields = {
  displayName: text('Nom', 120),
  email: z._default(email, ''),
  admin: z._default(z.boolean(), false),
  debug: z._default(z.boolean(), false),
  warehouseAccess: z._default(z.boolean(), false),
  roles: z._default(z.array(warehouseRoleSchema).check(z.maxLength(20)), []),
  shops: z._default(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(500)), []),
}

export const adminUserCreateSchema = z.object({ username, password, ...userFields })
export type AdminUserCreate = z.input<typeof adminUserCreateSchema>
/** As the server reads it: defaults filled. */
export type AdminUserCreateData = z.output<typeof adminUserCreateSchema>
export const adminUserUpdateSchema = z.object({ ...userFields, disabled: z._default(z.boolean(), false) })
export type AdminUserUpdate = z.input<typeof adminUserUpdateSchema>
export type AdminUserUpdateData = z.output<typeof adminUserUpdateSchema>

export const adminUserList = endpoint({
  ...adminCall,
  method: 'GET',
  path: '/rest/admin/users',
  summary: 'Every user with roles, shops and flags',
  response: z.array(adminUserSchema),
})

export const adminUserCreate = endpoint({
  ...adminCall,
  method: 'POST',
  path: '/rest/admin/users',
  summary: 'Creates a user',
  body: adminUserCreateSchema,
  response: adminUserSchema,
})

export const adminUserUpdate = endpoint({
  ...adminCall,
  method: 'PUT',
  path: '/rest/admin/users/{id}',
  summary: "Changes a user's name, flags, roles and shops; disabled signs them out at once",
  params: adminIdParamSchema,
  body: adminUserUpdateSchema,
  response: adminUserSchema,
})

export const adminUserPassword = endpoint({
  ...adminCall,
  method: 'PUT',
  path: '/rest/admin/users/{id}/password',
  summary: "Sets a user's password (their sessions end); a password among the most common is refused",
  params: adminIdParamSchema,
  body: z.object({ password }),
  response: z.void(),
  responseType: 'none',
})

export const adminUserSessionsClose = endpoint({
  ...adminCall,
  method: 'DELETE',
  path: '/rest/admin/users/{id}/sessions',
  summary: "Ends every session of a user ('Fermer les sessions'): their tokens are refused from now on",
  params: adminIdParamSchema,
  response: z.void(),
  responseType: 'none',
})

export const adminShopSchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  code: z.string(),
  products: z.int(),
})
export type AdminShop = z.infer<typeof adminShopSchema>
export const adminShopBodySchema = z.object({
  slug: text('Identifiant de boutique', 64).check(
    z.regex(
      /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
      'Identifiant de boutique : minuscules, chiffres et tirets (ex. maison-lumiere).',
    ),
  ),
  name: text('Nom', 120),
  code: text('Code', 8).check(z.regex(/^[A-Z0-9]{2,8}$/, 'Code : 2 à 8 majuscules ou chiffres (ex. ML).')),
})
export type AdminShopBody = z.infer<typeof adminShopBodySchema>

export const adminShopList = endpoint({
  ...adminCall,
  method: 'GET',
  path: '/rest/admin/shops',
  summary: 'Every shop with its number of products',
  response: z.array(adminShopSchema),
})

export const adminShopCreate = endpoint({
  ...adminCall,
  method: 'POST',
  path: '/rest/admin/shops',
  summary: 'Creates a shop',
  body: adminShopBodySchema,
  response: adminShopSchema,
})

export const adminShopUpdate = endpoint({
  ...adminCall,
  method: 'PUT',
  path: '/rest/admin/shops/{id}',
  summary: "Changes a shop's slug, name or code",
  params: adminIdParamSchema,
  body: adminShopBodySchema,
  response: adminShopSchema,
})

/** The largest CSV accepted in one import (the whole request must stay under the 1 MiB body limit). */
export const PRODUCT_IMPORT_MAX_CHARS = 900_000
/**
 * A CSV import's body in bytes: 900,000 characters of Greek or Cyrillic are twice as many bytes in
 * UTF-8, past the default 1 MiB, and the file must be refused for its characters, not its bytes.
 */
export const CSV_IMPORT_MAX_BYTES = 4 * 1024 * 1024
export const productImportResultSchema = z.object({
  dryRun: z.boolean(),
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  /** Every refused row: its line number in the file (1 = first line) and why, in French. */
  refused: z.array(z.object({ line: z.int(), sku: z.string(), reason: z.string() })),
})
export type ProductImportResult = z.infer<typeof productImportResultSchema>

/** A CSV import's body (products, orders): the file's text, and whether to only check it. */
export const csvImportBodySchema = z.object({
  csv: z
    .string()
    .check(
      z.maxLength(
        PRODUCT_IMPORT_MAX_CHARS,
        'Fichier trop grand : découpez-le en fichiers de moins de 900 000 caractères.',
      ),
    ),
  dryRun: z.boolean(),
})

export const adminProductImport = endpoint({
  ...adminCall,
  method: 'POST',
  path: '/rest/admin/shops/{id}/products/import',
  summary:
    "Creates or updates a shop's products from a CSV (SKU, EAN, name, weight in grams); dryRun writes nothing",
  params: adminIdParamSchema,
  body: csvImportBodySchema,
  maxBodyBytes: CSV_IMPORT_MAX_BYTES,
  response: productImportResultSchema,
})

export const auditEntrySchema = z.object({
  id: z.int(),
  at: z.string(),
  actor: z.string(),
  entity: z.string(),
  entityKey: z.string(),
  action: z.enum(['create', 'update', 'delete']),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

export const adminAudit = endpoint({
  ...adminCall,
  method: 'GET',
  path: '/rest/admin/audit',
  summary: 'The history of admin changes, newest first (100 a page; before: the last id seen)',
  query: z.object({
    entity: z.optional(z.string().check(z.maxLength(40))),
    before: z.optional(rowId),
  }),
  response: z.array(auditEntrySchema),
})
