/** Parses a request's params, query and body with its endpoint's zod schemas. */
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { en, fr } from 'zod/locales'
import { type EndpointDef, UNKNOWN_EVENT_MESSAGE, WEBHOOK_FIELD_MESSAGES as W } from '../../contract/index.ts'
import { type ShopLanguage, shopLanguage } from '../shop-api/language.ts'
import { badRequest, MESSAGES } from './errors.ts'

// Default zod messages in French: they reach the user through fieldErrors. Custom messages
// of the contract ('Identifiant obligatoire') are already French.
z.config(fr())

/**
 * zod's messages in English for one parse, for the shop API's callers who ask for it (a per-parse
 * error map comes before the global French one; the shop API's schemas carry no message of their own).
 */
const ENGLISH = { error: en().localeError }
export const zodLanguage = (language: ShopLanguage) => (language === 'en' ? ENGLISH : undefined)
const ENGLISH_MESSAGES: Record<string, string> = {
  [MESSAGES.badRequest]: 'Invalid request.',
  [MESSAGES.nulCharacter]: 'NUL character not allowed: remove it from the text.',
  [MESSAGES.halfPair]: 'Incomplete character (half a UTF-16 pair): remove it from the text.',
  // The few shop-call schemas with a message of their own (the admin area's forms share them).
  [W.urlRequired]: 'url: required.',
  [W.urlTooLong]: 'url: 2000 characters at most.',
  [W.noEvent]: 'Choose at least one event.',
  [W.descriptionTooLong]: 'description: 200 characters at most.',
  [W.badStatus]: 'Unknown status: expected pending, delivered or failed',
  [W.badEventId]: 'Invalid event id.',
  [UNKNOWN_EVENT_MESSAGE]: 'Unknown event: the events are listed in /api/v1/docs (Webhooks).',
}

/** Key of fieldErrors for errors that belong to no single field (e.g. the body is not an object). */
export const FORM_ERRORS_KEY = '_'

export interface ParsedInput {
  params: unknown
  query: unknown
  body: unknown
}

/** A value met by badText, with the key it was found under and its parent: its path, built on demand. */
interface Visit {
  value: unknown
  key: string
  parent: Visit | null
}

function pathOf(visit: Visit): string {
  const keys: string[] = []
  for (let v: Visit | null = visit; v?.parent; v = v.parent) keys.push(v.key)
  return keys.reverse().join('.') || FORM_ERRORS_KEY
}

/**
 * Half of a UTF-16 pair with no other half, which JSON lets a client write ("\\ud800"). Matched on
 * code units (no u flag): a whole pair is text like any other.
 */
const HALF_PAIR = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/**
 * Why a text cannot be stored as it is: PostgreSQL stores no NUL character; half a UTF-16 pair was
 * stored as it came by PGlite and as U+FFFD by PostgreSQL, and no screen can show it.
 */
function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return MESSAGES.nulCharacter
  if (HALF_PAIR.test(text)) return MESSAGES.halfPair
  return null
}

/**
 * The first string, or key, that cannot be stored as text: its path ('lines.1.name') and the French
 * message saying why; null if none. A loop, not recursion: a body nested a hundred thousand levels
 * deep must not overflow the stack. Linear in the body's size: each value keeps a link to its
 * parent instead of a copy of its path (a copy per level made a 600 KB body nested 100,000 levels
 * deep cost minutes of CPU: issue 15).
 */
export function badText(value: unknown): { field: string; message: string } | null {
  const stack: Visit[] = [{ value, key: '', parent: null }]
  while (stack.length > 0) {
    const visit = stack.pop() as Visit
    const item = visit.value
    if (typeof item === 'string') {
      const message = textProblem(item)
      if (message) return { field: pathOf(visit), message }
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        const next = { value: child, key, parent: visit }
        const message = textProblem(key)
        if (message) return { field: pathOf(next), message }
        stack.push(next)
      }
    }
  }
  return null
}

/** A field's path as the shop API names it (issue 33): ['lines', 2, 'sku'] is 'lines[2].sku'. */
export function fieldPath(path: readonly PropertyKey[], prefix = ''): string {
  let out = prefix
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out ? `.${String(key)}` : String(key)
  return out || FORM_ERRORS_KEY
}

/** A schema's problems as the shop API lists them: each field, zod's stable issue code, the message. */
export const issueErrors = (
  issues: readonly { path: readonly PropertyKey[]; code: string; message: string }[],
  prefix = '',
) =>
  issues.map((issue) => ({ field: fieldPath(issue.path, prefix), code: issue.code, message: issue.message }))

/** Each request's body as its contract parsed it (unknown fields dropped): what an Idempotency-Key covers. */
const validatedBodies = new WeakMap<FastifyRequest, unknown>()
export const validatedBody = (request: FastifyRequest): unknown =>
  validatedBodies.has(request) ? validatedBodies.get(request) : request.body

export function parseInput(def: EndpointDef, request: FastifyRequest): ParsedInput {
  const language = def.auth === 'shopKey' ? shopLanguage(request) : 'fr'
  const say = (message: string) => (language === 'en' ? (ENGLISH_MESSAGES[message] ?? message) : message)
  // Text the database cannot store as it is (see textProblem): refused here, in French, on its
  // field, rather than as a database error or silently changed.
  for (const part of [request.params, request.query, request.body]) {
    const bad = badText(part)
    if (bad) throw badRequest({ [bad.field]: [say(bad.message)] }, say(bad.message))
  }
  const context = zodLanguage(language)
  const parts = {
    params: def.params.safeParse(request.params ?? {}, context),
    query: def.query.safeParse(request.query ?? {}, context),
    // An endpoint without body ignores whatever was sent rather than refusing it.
    body: def.body.safeParse(def.bodyType === 'none' ? undefined : request.body, context),
  }
  // Keyed by the full path ('lines.1.quantity'), so a form can put the message on the very line.
  const fieldErrors: Record<string, string[]> = {}
  for (const result of Object.values(parts)) {
    if (result.success) continue
    for (const issue of result.error.issues) {
      const field = issue.path.length ? issue.path.map(String).join('.') : FORM_ERRORS_KEY
      ;(fieldErrors[field] ??= []).push(say(issue.message))
    }
  }
  if (!parts.params.success || !parts.query.success || !parts.body.success) {
    const only = parts.body.success ? urlProblem(parts.params, parts.query) : null
    const refusal = badRequest(fieldErrors, only ?? say(MESSAGES.badRequest))
    // The shop API's callers are programs: each problem also with its field and code (errors[]).
    if (def.auth === 'shopKey')
      refusal.body.errors = Object.values(parts).flatMap((r) =>
        r.success ? [] : issueErrors(r.error.issues.map((i) => ({ ...i, message: say(i.message) }))),
      )
    throw refusal
  }
  validatedBodies.set(request, parts.body.data)
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
