import { ApiError } from './http.ts'
import { messages } from './messages.ts'

/**
 * A refused write, as a screen shows it: the message once, and the server's field messages by
 * their full path ('from', 'quantity', 'lines.3.code'), so each lands next to its field or line.
 * The one policy of the app for showing a refusal: scan screens use it through refusalOf and
 * unplacedMessages, forms through lib/forms.ts's formProblem, both splitting with placeFields so
 * that a field message no field shows is never dropped.
 */
export interface Refusal {
  message: string
  fields: Record<string, string>
}

/** The main message of a failed call (or of something that is not even an error). */
export const mainMessage = (error: unknown): string =>
  error instanceof Error ? error.message : messages.errors.unexpectedAnswer

/**
 * One text per path: each message once, those equal to `except` left out (already said), or only
 * the first (`firstOnly`: an empty identifier breaks two rules, the first says what to do).
 */
export function fieldTexts(
  source: Record<string, readonly string[]>,
  { except = null, firstOnly = false }: { except?: string | null; firstOnly?: boolean } = {},
): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [path, list] of Object.entries(source)) {
    const kept = [...new Set(list)].filter((m) => m !== '' && m !== except)
    const text = (firstOnly ? kept.slice(0, 1) : kept).join(' ')
    if (text) fields[path] = text
  }
  return fields
}

/** A field message equal to the main message is not repeated. */
export function refusalOf(error: unknown, fieldErrors?: Record<string, string[]>): Refusal {
  const message = mainMessage(error)
  const source = fieldErrors ?? (error instanceof ApiError ? error.fieldErrors : {})
  return { message, fields: fieldTexts(source, { except: message }) }
}

/** The field messages of line `index` of what was sent ('lines.2.quantity' → { quantity }). */
export function lineFields(refusal: Refusal, index: number, list = 'lines'): Record<string, string> {
  const prefix = `${list}.${index}.`
  const out: Record<string, string> = {}
  for (const [path, text] of Object.entries(refusal.fields)) {
    if (path.startsWith(prefix)) out[path.slice(prefix.length)] = text
    else if (path === `${list}.${index}`) out[''] = text
  }
  return out
}

/**
 * Field texts split between those a screen shows next to a field (`placed` says which paths it
 * shows itself) and the others, which it must show elsewhere: never dropped.
 */
export function placeFields(
  fields: Record<string, string>,
  placed: (path: string) => boolean,
): { shown: Record<string, string>; unplaced: string[] } {
  const shown: Record<string, string> = {}
  const unplaced: string[] = []
  for (const [path, text] of Object.entries(fields)) {
    if (placed(path)) shown[path] = text
    else if (!unplaced.includes(text)) unplaced.push(text)
  }
  return { shown, unplaced }
}

/**
 * The messages a screen shows in its action bar: the main one, then every field message the
 * screen could not place next to a field.
 */
export function unplacedMessages(refusal: Refusal | null, placed: (path: string) => boolean): string[] {
  if (!refusal) return []
  return [...new Set([refusal.message, ...placeFields(refusal.fields, placed).unplaced])]
}
