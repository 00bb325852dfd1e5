/**
 * The calls made before the first screen (sign-in, access profile, IP report, workstation,
 * printers, QZ Tray signing, whether a new site needs its first administrator), sign-out (the
 * shell's), and the error body, as the PWA makes them: each endpoint's route, written once here
 * and spread into its zod definition (endpoints/user.ts, endpoints/printing.ts,
 * endpoints/admin-people.ts), with its answer checked by light-check.ts instead of zod.
 * light-calls.test.ts proves every check accepts, refuses and returns exactly what the endpoint's
 * zod schema does. No zod at run time (types only), so the first screen does not load zod's parser.
 */
import type { BodyOf, EndpointDef, ParamsOf, QueryOf, ResponseOf } from './endpoint.ts'
import type { ApiErrorBody } from './errors.ts'
import type { setupStatus } from './endpoints/admin-people.ts'
import type { computerExists, printerList, qzCertificate, qzSign } from './endpoints/printing.ts'
import type { loginCheck, logout, reportUserIp, userAccess } from './endpoints/user.ts'
import type { WarehouseRole } from './roles.ts'
import {
  answer,
  array,
  boolean,
  none,
  nonNegativeInt,
  nullish,
  object,
  oneOf,
  optional,
  record,
  string,
  type AnswerCheck,
} from './light-check.ts'

/**
 * The workstation a browser was named as (issue 16), on the calls that find the user's workstation:
 * for Chrome's masked local IPs, and sites where a proxy or NAT hides the source address. The name
 * is URI-encoded (a header carries Latin-1 only). It names, it does not authenticate: like a
 * reported IP, it only chooses which printers this browser is offered. Here, not with the zod
 * definitions: the first screen's printing context sends it.
 */
export const WORKSTATION_HEADER = 'x-workstation'

/**
 * The roles whose screens print (picking lists, carrier labels and slips, location, box and
 * product labels, order documents): only they start the print agent and get QZ Tray calls signed.
 * Here rather than in roles.ts: the shell reads it, and roles.ts holds zod schemas.
 */
export const PRINTING_ROLES = [
  'Picking',
  'Shipping',
  'Barcode',
  'Reception',
  'Print',
] as const satisfies readonly WarehouseRole[]

/**
 * What a printable document is, and what a printer understands: PDF (through a driver) or ZPL
 * (sent raw). One list for both, without zod: the shell's printer list reads it.
 */
export const PRINT_FORMATS = ['pdf', 'zpl'] as const

/**
 * The sign-in form's rules and their French messages: loginBodySchema (endpoints/user.ts) is built
 * from these, and the form checks them with checkLoginForm before sending, so a bad field is caught
 * without a round trip and says the same as the server would.
 */
export const LOGIN_FIELDS = {
  username: {
    max: 180,
    required: 'Identifiant obligatoire',
    tooLong: 'Identifiant trop long : 180 caractères au plus.',
  },
  password: {
    max: 4096,
    required: 'Mot de passe obligatoire',
    tooLong: 'Mot de passe trop long : 4096 caractères au plus.',
  },
} as const

/** The longest device token a sign-in may carry (the reference server's are 66 characters). */
export const LOGIN_DEVICE_MAX = 200

export type LoginFormCheck =
  | { success: true; data: { username: string; password: string } }
  | { success: false; fieldErrors: { username?: string[]; password?: string[] } }

/**
 * The sign-in form's fields as loginBodySchema reads them (the username trimmed), or the messages
 * the server would answer for them, without zod: the sign-in page then loads no zod at all.
 * light-calls.test.ts proves it agrees with the schema.
 */
export function checkLoginForm(username: string, password: string): LoginFormCheck {
  const data = { username: username.trim(), password }
  const fieldErrors: { username?: string[]; password?: string[] } = {}
  for (const field of ['username', 'password'] as const) {
    const { max, required, tooLong } = LOGIN_FIELDS[field]
    const value = data[field]
    if (value.length === 0) fieldErrors[field] = [required]
    else if (value.length > max) fieldErrors[field] = [tooLong]
  }
  return fieldErrors.username || fieldErrors.password
    ? { success: false, fieldErrors }
    : { success: true, data }
}

type Route = Pick<EndpointDef, 'method' | 'path' | 'auth' | 'bodyType' | 'responseType'>

/** An endpoint as the client calls it without its schemas: route, answer check, types of what it sends. */
export interface LightCall<E extends EndpointDef> extends Route {
  readonly response: AnswerCheck<ResponseOf<E>>
  /** Types only, never set. */
  readonly input?: { params?: ParamsOf<E>; query?: QueryOf<E>; body?: BodyOf<E> }
}

/** Method, path, authentication and body types of each endpoint: the zod definitions spread these. */
export const lightRoutes = {
  loginCheck: {
    method: 'POST',
    path: '/rest/login_check',
    auth: 'public',
    bodyType: 'json',
    responseType: 'json',
  },
  // The account drawer's 'Déconnexion' (the shell's code: no zod).
  logout: { method: 'POST', path: '/rest/logout', auth: 'user', bodyType: 'none', responseType: 'none' },
  userAccess: {
    method: 'GET',
    path: '/rest/user/access',
    auth: 'user',
    bodyType: 'none',
    responseType: 'json',
  },
  reportUserIp: {
    method: 'POST',
    path: '/rest/user/ip',
    auth: 'user',
    bodyType: 'json',
    responseType: 'json',
  },
  computerExists: {
    method: 'HEAD',
    path: '/rest/computer/exist',
    auth: 'user',
    bodyType: 'none',
    responseType: 'none',
  },
  printerList: {
    method: 'GET',
    path: '/rest/printer/list',
    auth: 'user',
    bodyType: 'none',
    responseType: 'json',
  },
  qzCertificate: {
    method: 'GET',
    path: '/rest/qz/certificate',
    auth: 'user',
    bodyType: 'none',
    responseType: 'text',
  },
  qzSign: { method: 'POST', path: '/rest/qz/sign', auth: 'user', bodyType: 'text', responseType: 'text' },
  // The sign-in page asks it, to offer 'Créer le premier administrateur' on a new, empty site.
  setupStatus: {
    method: 'GET',
    path: '/rest/setup/status',
    auth: 'public',
    bodyType: 'none',
    responseType: 'json',
  },
} as const satisfies Record<string, Route>

/** The answers, shaped as endpoints/user.ts, endpoints/printing.ts and endpoints/admin-people.ts define them. */
export const lightAnswers = {
  loginCheck: object({ token: string, device: optional(string) }),
  logout: none,
  userAccess: object({
    warehouse: nullish(object({ roles: array(string) })),
    shops: array(object({ slug: string, name: string, orderCount: optional(nonNegativeInt) })),
    debug: boolean,
    adminUrl: optional(string),
    user: optional(
      object({ username: string, displayName: string, email: string, photoURL: optional(string) }),
    ),
    timeZone: optional(string),
  }),
  reportUserIp: object({ ip: string }),
  computerExists: none,
  printerList: array(
    object({ name: string, use: oneOf(['label', 'a4']), language: optional(oneOf(PRINT_FORMATS)) }),
  ),
  qzCertificate: string,
  qzSign: string,
  setupStatus: object({ needsFirstAdmin: boolean }),
}

/** errors.ts's apiErrorBodySchema. */
export const lightApiErrorBody: AnswerCheck<ApiErrorBody> = answer(
  object({
    code: string,
    message: string,
    fieldErrors: optional(record(array(string))),
    retryable: optional(boolean),
    order: optional(string),
    putBack: optional(string),
  }),
)

export const loginCheckCall: LightCall<typeof loginCheck> = {
  ...lightRoutes.loginCheck,
  response: answer(lightAnswers.loginCheck),
}
export const logoutCall: LightCall<typeof logout> = {
  ...lightRoutes.logout,
  response: answer(lightAnswers.logout),
}
export const userAccessCall: LightCall<typeof userAccess> = {
  ...lightRoutes.userAccess,
  response: answer(lightAnswers.userAccess),
}
export const reportUserIpCall: LightCall<typeof reportUserIp> = {
  ...lightRoutes.reportUserIp,
  response: answer(lightAnswers.reportUserIp),
}
export const computerExistsCall: LightCall<typeof computerExists> = {
  ...lightRoutes.computerExists,
  response: answer(lightAnswers.computerExists),
}
export const printerListCall: LightCall<typeof printerList> = {
  ...lightRoutes.printerList,
  response: answer(lightAnswers.printerList),
}
export const qzCertificateCall: LightCall<typeof qzCertificate> = {
  ...lightRoutes.qzCertificate,
  response: answer(lightAnswers.qzCertificate),
}
export const qzSignCall: LightCall<typeof qzSign> = {
  ...lightRoutes.qzSign,
  response: answer(lightAnswers.qzSign),
}
export const setupStatusCall: LightCall<typeof setupStatus> = {
  ...lightRoutes.setupStatus,
  response: answer(lightAnswers.setupStatus),
}
