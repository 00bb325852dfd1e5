/**
 * GET /rest/documents/{token}: the printable documents behind the print elements' links. Public
 * and outside the contract's table on purpose: the print agent fetches it without the Bearer
 * header, the signed, expiring token being the permission (documents/token.ts).
 */
import type { FastifyInstance } from 'fastify'
import { ERROR_CODES } from '../../contract/index.ts'
import type { Db } from '../db/connect.ts'
import { renderDocument } from '../documents/render.ts'
import { verifyDocumentToken } from '../documents/token.ts'
import { HttpError, notFound } from '../http/errors.ts'

export const DOCUMENT_MESSAGES = {
  invalid: "Document d'impression introuvable : le lien est invalide.",
  expired: "Ce lien d'impression a expiré : relancez l'impression.",
  gone: "Ce document n'existe plus : relancez l'impression.",
} as const

export function registerDocumentRoute(app: FastifyInstance, deps: { db: Db; documentKey: Buffer }): void {
  app.get<{ Params: { token: string } }>('/rest/documents/:token', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    // The page fetches the document itself and hands QZ Tray its bytes (issue 30), from whatever
    // origin it was opened at (a LAN address, a name, the dev server): the token is the only
    // permission and the fetch carries no credentials, so any origin may read it.
    reply.header('access-control-allow-origin', '*')
    const check = verifyDocumentToken(deps.documentKey, request.params.token)
    if (!check.ok && check.reason === 'expired') {
      throw new HttpError(410, { code: ERROR_CODES.notFound, message: DOCUMENT_MESSAGES.expired })
    }
    if (!check.ok) throw notFound(DOCUMENT_MESSAGES.invalid)
    const document = await renderDocument(deps.db, check.payload)
    if (!document) throw new HttpError(410, { code: ERROR_CODES.notFound, message: DOCUMENT_MESSAGES.gone })
    return reply
      .type(document.contentType)
      .header('content-disposition', `inline; filename="${document.filename}"`)
      .send(document.body)
  })
}
