/**
 * The errors Fastify and Node answer before any route runs (a badly encoded URL, a path parameter
 * over 4,096 characters, headers over 16 KB, a client too slow), in French and in the error shape
 * like every other error: by default they were English and shaped otherwise.
 */
import { type IncomingMessage, STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ERROR_CODES } from '../../contract/index.ts'
import { MESSAGES } from './errors.ts'

export const FRAMEWORK_MESSAGES = {
  badUrl: 'Adresse invalide : un caractère y est mal encodé.',
  tooLong: 'Adresse trop longue.',
  headersTooLarge: 'En-têtes de la requête trop grands.',
  timeout: 'Requête trop lente : la connexion a été fermée.',
  noHost: "Requête invalide : l'en-tête Host manque.",
} as const

/** Fastify's `frameworkErrors`: the router's refusals. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? FRAMEWORK_MESSAGES.badUrl
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? FRAMEWORK_MESSAGES.tooLong
        : MESSAGES.badRequest
  void reply.code(error.statusCode ?? 400).send({ code: ERROR_CODES.badRequest, message })
}

/** Fastify's `clientErrorHandler`: what Node's HTTP parser refuses, answered on the socket itself. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, FRAMEWORK_MESSAGES.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, FRAMEWORK_MESSAGES.timeout]
        : [400, MESSAGES.badRequest]
  const body = JSON.stringify({ code: ERROR_CODES.badRequest, message })
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    )
  socket.destroy(error)
}

/**
 * An HTTP/1.1 request without a Host header is refused (RFC 9112 §3.2), here rather than by Node's
 * parser (app.ts turns its `requireHostHeader` off): Node answered a bare 400, without the security
 * headers every other answer carries (issue 35). HTTP/1.0 needs no Host; HTTP/2 names the host in
 * `:authority`.
 */
/** HTTP/1.1 requires a Host header (RFC 9112 §3.2); HTTP/1.0 does not. The HTTPS front door asks too. */
export const lacksHost = (request: IncomingMessage) =>
  request.httpVersion === '1.1' && request.headers.host === undefined

export function refuseRequestsWithoutHost(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!lacksHost(request.raw)) return
    await reply
      .code(400)
      .header('connection', 'close')
      .send({ code: ERROR_CODES.badRequest, message: FRAMEWORK_MESSAGES.noHost })
  })
}
