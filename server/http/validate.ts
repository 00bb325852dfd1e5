/** Parses a request's params, query and body with its endpoint's zod schemas. */
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { fr } from 'zod/locales'
import type { EndpointDef } from '../../contract/index.ts'
import { badRequest, MESSAGES } from './errors.ts'

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

/** The path ('lines.1.name') of the first string, or key, holding a NUL character; null if none. */
export function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || FORM_ERRORS_KEY : null
  if (typeof value !== 'object' || value === null) return null
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key].join('.')
    const found = nulPath(item, [...path, key])
    if (found !== null) return found
  }
  return null
}

export function parseInput(def: EndpointDef, request: FastifyRequest): ParsedInput {
  // PostgreSQL stores no NUL character in text: refused here, in French, on its field, rather
  // than as a database error.
  for (const part of [request.params, request.query, request.body]) {
    const field = nulPath(part)
    if (field !== null) throw badRequest({ [field]: [MESSAGES.nulCharacter] }, MESSAGES.nulCharacter)
  }
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
  if (!parts.params.success || !parts.query.success || !parts.body.success) {
    const only = parts.body.success ? urlProblem(parts.params, parts.query) : null
    throw badRequest(fieldErrors, only ?? undefined)
  }
  return { params: parts.params.data, query: parts.query.data, body: parts.body.data }
}

/**
 * A path or query parameter has no form field to show its message next to (a wrong picking type in
 * /rest/{slug}/picking/print/{pickingType}): when it is the one problem, its French message is the
 * answer's message instead of the general 'Requête invalide.'.
 */
function urlProblem(
  ...results: { success: boolean; error?: { issues: { message: string }[] } }[]
): string | null {
  const issues = results.flatMap((result) => (result.success ? [] : (result.error?.issues ?? [])))
  return issues.length === 1 ? (issues[0]?.message ?? null) : null
}
