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
  const fieldErrors: Record<string, string[]> = {}
  for (const result of Object.values(parts)) {
    if (result.success) continue
    const flat = z.flattenError(result.error)
    for (const [field, messages] of Object.entries(
      flat.fieldErrors as Record<string, string[] | undefined>,
    )) {
      if (messages?.length) (fieldErrors[field] ??= []).push(...messages)
    }
    if (flat.formErrors.length) (fieldErrors[FORM_ERRORS_KEY] ??= []).push(...flat.formErrors)
  }
  if (!parts.params.success || !parts.query.success || !parts.body.success) throw badRequest(fieldErrors)
  return { params: parts.params.data, query: parts.query.data, body: parts.body.data }
}
