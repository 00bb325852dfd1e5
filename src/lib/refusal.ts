import { ApiError } from './http.ts'
import { messages } from './messages.ts'

/**
 * A refused write, as a screen shows it: the message once, and the server's field messages by
 * their full path ('from', 'quantity', 'lines.3.code'), so each lands next to its field or line.
 * A field message equal to the main message is not repeated.
 */
export interface Refusal {
  message: string
  fields: Record<string, string>
}

export function refusalOf(error: unknown, fieldErrors?: Record<string, string[]>): Refusal {
  const message = error instanceof Error ? error.message : messages.errors.unexpectedAnswer
  const source = fieldErrors ?? (error instanceof ApiError ? error.fieldErrors : {})
  const fields: Record<string, string> = {}
  for (const [path, list] of Object.entries(source)) {
    const text = [...new Set(list)].filter((m) => m !== message).join(' ')
    if (text) fields[path] = text
  }
  return { message, fields }
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
 * The messages a screen shows in its action bar: the main one, then every field message the
 * screen could not place next to a field (`placed` says which paths it shows itself).
 */
export function unplacedMessages(refusal: Refusal | null, placed: (path: string) => boolean): string[] {
  if (!refusal) return []
  const rest = Object.entries(refusal.fields)
    .filter(([path]) => !placed(path))
    .map(([, text]) => text)
  return [...new Set([refusal.message, ...rest])]
}
