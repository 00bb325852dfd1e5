import { z } from 'zod/mini'
import { endpoint } from '../endpoint.ts'
import { ipSchema } from '../ip.ts'
import { LOGIN_DEVICE_MAX, LOGIN_FIELDS, lightRoutes } from '../light-calls.ts'

export const shopSchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** Orders waiting to be picked; docs/specification.md §3: may be missing, then counts as 0. */
  orderCount: z.optional(z.int().check(z.nonnegative())),
})
export type Shop = z.infer<typeof shopSchema>

export const warehouseAccessSchema = z.object({
  // Plain strings, not the role enum: a role this client does not know must not break the
  // whole profile (a company's own backend may add roles before the app knows them).
  roles: z.array(z.string()),
})
export type WarehouseAccess = z.infer<typeof warehouseAccessSchema>

export const sessionUserSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  photoURL: z.optional(z.string()),
})
export type SessionUser = z.infer<typeof sessionUserSchema>

/** docs/specification.md §3 UserAccess. warehouse absent (or null) = no warehouse access. */
export const userAccessSchema = z.object({
  warehouse: z.nullish(warehouseAccessSchema),
  shops: z.array(shopSchema),
  debug: z.boolean(),
  adminUrl: z.optional(z.string()),
  /** Who is signed in, for the account drawer (the specification leaves its source open). */
  user: z.optional(sessionUserSchema),
  /**
   * The warehouse's IANA time zone (the reference server's WAREHOUSE_TIME_ZONE): screens show dates
   * in it, as documents print them. Absent (another backend): Europe/Paris.
   */
  timeZone: z.optional(z.string()),
})
export type UserAccess = z.infer<typeof userAccessSchema>

const { username: usernameRules, password: passwordRules } = LOGIN_FIELDS
export const loginBodySchema = z.object({
  username: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, usernameRules.required),
      z.maxLength(usernameRules.max, usernameRules.tooLong),
    ),
  password: z
    .string()
    .check(z.minLength(1, passwordRules.required), z.maxLength(passwordRules.max, passwordRules.tooLong)),
  /**
   * The device token an earlier sign-in of this account answered, if the browser kept it: the
   * server lets a known device try under its own limit (docs/security.md 'Sign-in and sessions').
   * Unknown or stale, it is ignored.
   */
  device: z.optional(z.string().check(z.maxLength(LOGIN_DEVICE_MAX))),
})
export type LoginBody = z.infer<typeof loginBodySchema>

export const loginCheck = endpoint({
  ...lightRoutes.loginCheck, // POST /rest/login_check
  summary: "Sign in; answers a signed JWT carrying exp, and this device's token for the next sign-ins",
  body: loginBodySchema,
  response: z.object({ token: z.string(), device: z.optional(z.string()) }),
})

export const logout = endpoint({
  ...lightRoutes.logout, // POST /rest/logout
  summary: "Signs out: the caller's token is refused from now on, by every server",
  response: z.void(),
})

export const userAccess = endpoint({
  ...lightRoutes.userAccess, // GET /rest/user/access
  summary: "The signed-in user's access profile (shops, warehouse roles, debug, admin link)",
  response: userAccessSchema,
})

export const ipReportBodySchema = z.object({ ip: ipSchema })
const ipReportAnswer = z.object({ ip: z.string() })

export const reportUserIp = endpoint({
  ...lightRoutes.reportUserIp, // POST /rest/user/ip
  summary: "Records the workstation's local IP for the signed-in user",
  body: ipReportBodySchema,
  response: ipReportAnswer,
})

export const legacyUpdateUserIp = endpoint({
  method: 'POST',
  path: '/api/user/update/ip',
  summary: 'Legacy path of /rest/user/ip (the specification, §7.2, leaves the method open; POST here)',
  auth: 'user',
  body: ipReportBodySchema,
  response: ipReportAnswer,
})
