/**
 * POST /rest/print/document-link (issue 16): the print history keeps a document's link, which
 * expires after DOCUMENT_TTL_SECONDS; a reprint asks here for a fresh one. The old link's signature
 * is checked (its age is not), then the caller's right to the document as the call that gave it
 * would check it (documents/grant.ts), then the same document is signed again, same format.
 */
import type { endpoints } from '../../contract/endpoints.ts'
import { grantDocument } from '../documents/grant.ts'
import { type DocumentSpec, readDocumentToken } from '../documents/token.ts'
import { invalid } from '../http/errors.ts'
import type { Handler } from '../http/register.ts'
import { issue } from './print.ts'

type E = typeof endpoints

export const RELINK_MESSAGES = {
  invalid: "Ce lien d'impression n'a pas été donné par ce serveur : le document ne peut pas être retrouvé.",
} as const

const TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/

/** The token of a document link (`…/rest/documents/{token}`, any origin), or of a bare token. */
export function documentTokenOf(link: string): string | null {
  let path = link.trim()
  try {
    path = new URL(path).pathname
  } catch {
    // Not an absolute URL: a path or the token itself.
  }
  const token = path.replace(/^.*\/rest\/documents\//, '')
  return TOKEN.test(token) ? token : null
}

export const documentRelink: Handler<E['documentRelink']> = async ({ db, user, body, deps, request }) => {
  const token = documentTokenOf(body.url)
  const payload = token === null ? null : readDocumentToken(deps.documentKey, token)
  if (!payload) throw invalid(RELINK_MESSAGES.invalid, 'url')
  const spec = { kind: payload.kind, args: payload.args } as DocumentSpec
  const title = await grantDocument(db, user, spec)
  return issue(request, deps, spec, title, payload.format)
}
