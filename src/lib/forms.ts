/**
 * What a form shows of a refusal, whether it came from the contract's schema checked in the
 * browser or from the server: each message under the field it is about, keyed by its path as the
 * server keys it ('username', 'printers.0.name', 'slipGroup.pickupTime'), and in one alert what no
 * field shows (a 403, a server failure, a message about the whole form or about a path the form
 * has no field for). Built on lib/refusal.ts, the app's one way to split a refusal.
 */
import { ApiError } from './http.ts'
import { fieldTexts, mainMessage, placeFields } from './refusal.ts'

interface Issue {
  readonly path: readonly PropertyKey[]
  readonly message: string
}

/** Field messages keyed by path, the server's way (server/http/validate.ts; '_' for the whole body). */
export function messagesByPath(issues: readonly Issue[]): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const issue of issues) {
    const path = issue.path.length ? issue.path.map(String).join('.') : '_'
    const list = (out[path] ??= [])
    if (!list.includes(issue.message)) list.push(issue.message)
  }
  return out
}

type SafeParse<T> = (
  value: unknown,
) => { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } }

/** A contract schema, as checkBody uses it. */
export type BodySchema<T> = { safeParse: SafeParse<T> }

export type Checked<T> = { ok: true; data: T } | { ok: false; fieldErrors: Record<string, string[]> }

/** A body checked with the contract's own schema before it is sent: the server would say the same. */
export function checkBody<T>(schema: BodySchema<T>, value: unknown): Checked<T> {
  const result = schema.safeParse(value)
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, fieldErrors: messagesByPath(result.error.issues) }
}

export interface FormProblem {
  /** What no field shows, or null. */
  alert: string | null
  /** One text per path: its first message (an empty identifier breaks two rules; the first says what to do). */
  fields: Record<string, string>
}

export const NO_PROBLEM: FormProblem = { alert: null, fields: {} }

/**
 * The problem to show for a failed write (or the browser's own check, error null), given which
 * paths the form shows next to a field. A field message no field shows goes to the alert; the main
 * message is left out only once every field message is shown under its field (the server's 409s
 * repeat it under the field, and a 400's 'Requête invalide.' says nothing more).
 */
export function formProblem(
  error: unknown,
  placed: (path: string) => boolean,
  fieldErrors: Record<string, string[]> = error instanceof ApiError ? error.fieldErrors : {},
): FormProblem {
  if (!error && Object.keys(fieldErrors).length === 0) return NO_PROBLEM
  const { shown, unplaced } = placeFields(fieldTexts(fieldErrors, { firstOnly: true }), placed)
  const everyFieldShown = unplaced.length === 0 && Object.keys(shown).length > 0
  const main = error && !everyFieldShown ? [mainMessage(error)] : []
  const alert = [...new Set([...main, ...unplaced])].join(' ')
  return { alert: alert || null, fields: shown }
}
