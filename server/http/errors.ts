/**
 * Every error answer of the server, in the contract's shape (contract/errors.ts), with its
 * French message: handlers throw HttpError, the error handler turns anything else into a 400
 * (malformed request caught by Fastify) or a logged 500.
 */
import type { FastifyInstance } from 'fastify'
import { type ApiErrorBody, ERROR_CODES } from '../../contract/index.ts'
import { shopLanguage } from '../shop-api/language.ts'
import { isShopApiPath } from '../shop-api/paths.ts'
import { databaseUnavailable, UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_S } from '../db/unavailable.ts'

export const MESSAGES = {
  badRequest: 'Requête invalide.',
  unauthorized: 'Session expirée ou invalide. Merci de vous reconnecter.',
  forbidden: "Vous n'avez pas les droits pour cette action.",
  notFound: 'Ressource introuvable.',
  internal: 'Erreur interne du serveur.',
  invalidCredentials: 'Identifiant ou mot de passe incorrect.',
  tooManyAttempts: 'Trop de tentatives de connexion. Réessayez dans 15 minutes.',
  adminOnly: 'Réservé aux administrateurs.',
  accountDisabled: 'Compte désactivé : voyez avec votre responsable.',
  shopForbidden: (slug: string) => `Vous n'avez pas accès à la boutique « ${slug} ».`,
  nulCharacter: 'Caractère nul interdit : retirez-le du texte.',
  halfPair: 'Caractère incomplet (demi-paire UTF-16) : retirez-le du texte.',
  outOfRange: 'Nombre trop grand : vérifiez la quantité ou le numéro saisi.',
  badValue: 'Valeur refusée par la base de données : vérifiez la saisie.',
  invalidJson: "Requête illisible : le corps n'est pas du JSON valide.",
  emptyBody: 'Requête vide : le corps JSON manque.',
  bodyTooLarge: 'Requête trop volumineuse : 1 Mo au plus.',
  mediaType: 'Format de requête non pris en charge : envoyez du JSON (application/json).',
} as const

/** MESSAGES.bodyTooLarge for a route that takes more than 1 MiB (a batch of the shop API). */
const bodyTooLarge = (bytes = 1024 * 1024) =>
  `Requête trop volumineuse : ${Math.round(bytes / 1024 / 1024)} Mo au plus.`

/** The same in English, for the shop API's callers who ask for it (shop-api/language.ts). */
const BODY_REFUSALS_EN: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Unreadable request: the body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Empty request: the JSON body is missing.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported request format: send JSON (application/json).',
}

/** Fastify's own refusals of a body, each said in French: what was wrong with it, not just 'invalide'. */
const BODY_REFUSALS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.emptyBody,
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES.mediaType,
}

/**
 * A value the database refuses although the contract let it through (SQLSTATE class 22, data
 * exception: a number over 32 bits, a byte sequence it cannot store) is the caller's to change:
 * a 400, never a 500.
 */
function dataException(error: unknown): ApiErrorBody | null {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code))
      return {
        code: ERROR_CODES.badRequest,
        message:
          code === '22003'
            ? MESSAGES.outOfRange
            : code === '22021'
              ? MESSAGES.nulCharacter
              : MESSAGES.badValue,
      }
  }
  return null
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(body.message)
    this.name = 'HttpError'
  }
}

export const badRequest = (fieldErrors?: Record<string, string[]>, message: string = MESSAGES.badRequest) =>
  new HttpError(400, {
    code: ERROR_CODES.badRequest,
    message,
    ...(fieldErrors && { fieldErrors }),
  })

type Code = (typeof ERROR_CODES)[keyof typeof ERROR_CODES]

/** A refusal with its own error code and, when it is about one, the form field it belongs to. */
export function refusal(status: number, code: Code, message: string, field?: string): HttpError {
  return new HttpError(status, { code, message, ...(field && { fieldErrors: { [field]: [message] } }) })
}

/** A 409: the request collides with what exists (a taken identifier, the last administrator). */
export const conflict = (message: string, field?: string) =>
  refusal(409, ERROR_CODES.conflict, message, field)

/** A 400 whose French message says what to change (optionally under a form field). */
export const invalid = (message: string, field?: string) =>
  refusal(400, ERROR_CODES.badRequest, message, field)
export const unauthorized = () =>
  new HttpError(401, { code: ERROR_CODES.unauthorized, message: MESSAGES.unauthorized })
export const forbidden = (message: string = MESSAGES.forbidden) =>
  new HttpError(403, { code: ERROR_CODES.forbidden, message })
export const notFound = (message: string = MESSAGES.notFound) =>
  new HttpError(404, { code: ERROR_CODES.notFound, message })

export const NOT_FOUND_BODY: ApiErrorBody = { code: ERROR_CODES.notFound, message: MESSAGES.notFound }
const INTERNAL_BODY: ApiErrorBody = { code: ERROR_CODES.internal, message: MESSAGES.internal }

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).headers(error.headers).send(error.body)
    }
    const status = (error as { statusCode?: unknown }).statusCode
    // Fastify's own 4xx: JSON that does not parse, empty JSON body, unsupported media type,
    // body too large. The client sent something wrong: answer in the contract's shape.
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const code = (error as { code?: unknown }).code
      const limit = request.routeOptions.bodyLimit // a batch route takes more
      const english = isShopApiPath(request.url) && shopLanguage(request) === 'en'
      const message = english
        ? code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? `Request too large: ${Math.round((limit ?? 0) / 1024 / 1024)} MB at most.`
          : (typeof code === 'string' && BODY_REFUSALS_EN[code]) || 'Invalid request.'
        : code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? bodyTooLarge(limit)
          : (typeof code === 'string' && BODY_REFUSALS[code]) || MESSAGES.badRequest
      return reply.code(status).send({ code: ERROR_CODES.badRequest, message })
    }
    // The database out of reach for a moment (a restart, a fail-over): said at once, to be tried again.
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable')
      return reply
        .code(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
        .send({ code: ERROR_CODES.unavailable, message: UNAVAILABLE_MESSAGE })
    }
    const refused = dataException(error)
    if (refused) {
      request.log.warn({ err: error }, 'value refused by the database')
      return reply.code(400).send(refused)
    }
    request.log.error({ err: error }, 'unexpected error')
    return reply.code(500).send(INTERNAL_BODY)
  })
}
