/** Parses a request's params, query and body with its endpoint's zod schemas. */
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { fr } from 'zod/locales'
import type { EndpointDef } from '../../contract/index.ts'
import { badRequest } from './errors.ts'

// Default zod messages in French: they reach the user through fieldErrors. Custom messages
// of the contract ('Identifiant obligatoire') are already French.
z.config(fr())

/** Key of fieldErrors for errors that belong to no single field (e.g. the body is not an object). */
export const FORM_ERRORS_KEY = '_'

export interface ParsedInput {
  params: unknown
  query: unknown
  body: unknown
}

export function parseInput(def: EndpointDef, request: FastifyRequest): ParsedInput {
  const parts = {
    params: def.params.safeParse(request.params ?? {}),
    query: def.query.safeParse(request.query ?? {}),
    // An endpoint without body ignores whatever was sent rather than refusing it.
    body: def.body.safeParse(def.bodyType === 'none' ? undefined : request.body),
  }
  // Keyed by the full path ('lines.1.quantity'), so a form can put the message on the very line.
  const fieldErrors: Record<string, string[]> = {}
  for (const result of Object.values(parts)) {
    if (result.success) continue
    for (const issue of result.error.issues) {
      const field = issue.path.length ? issue.path.map(String).join('.') : FORM_ERRORS_KEY
      ;(fieldErrors[field] ??= []).push(issue.message)
    }
  }
  if (!parts.params.success || !parts.query.success || !parts.body.success) throw badRequest(fieldErrors)
  return { params: parts.params.data, query: parts.query.data, body: parts.body.data }
}
