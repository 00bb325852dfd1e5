/**
 * What a form shows of a refusal, whether it came from the contract's schema checked in the
 * browser or from the server: each message under the field it is about, keyed by its path as the
 * server keys it ('username', 'printers.0.name', 'slipGroup.pickupTime'), and in one alert only
 * what no field shows (a 403, a server failure, a message about the whole form).
 */
import { ApiError } from './http.ts'
import { messages } from './messages.ts'

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

/** A body checked with the contract's own schema before it is sent: the server would say the same. */
export function checkBody<T>(
  schema: { safeParse: SafeParse<T> },
  value: unknown,
): { ok: true; data: T } | { ok: false; fieldErrors: Record<string, string[]> } {
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
 * The problem to show for a failed write (or the browser's own check), given which paths the
 * form shows next to a field. The main message is left out once a field says what is wrong: the
 * server's 409s repeat it under the field, and a 400's 'Requête invalide.' says nothing more.
 */
export function formProblem(
  error: unknown,
  placed: (path: string) => boolean,
  fieldErrors: Record<string, string[]> = error instanceof ApiError ? error.fieldErrors : {},
): FormProblem {
  if (!error && Object.keys(fieldErrors).length === 0) return NO_PROBLEM
  const fields: Record<string, string> = {}
  const unplaced: string[] = []
  for (const [path, list] of Object.entries(fieldErrors)) {
    const text = list[0]
    if (!text) continue
    if (placed(path)) fields[path] = text
    else unplaced.push(text)
  }
  const main = error instanceof Error ? error.message : error ? messages.errors.unexpectedAnswer : null
  const shown = Object.keys(fields).length > 0
  const alert = [...new Set([...(shown || !main ? [] : [main]), ...unplaced])].join(' ')
  return { alert: alert || null, fields }
}
