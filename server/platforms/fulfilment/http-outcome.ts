/**
 * What an HTTP answer means for the order, whatever the platform (README.md beside this file):
 * 429, 408 and 5xx are tried again later, after the wait the platform asked for; a redirect or
 * any other 4xx is refused with a French sentence for the administrator, quoting the platform's
 * own message. `deliver` runs an adapter's steps through the injected `send`.
 */
import type { FulfilmentAdapter, FulfilmentOutcome, PlatformResponse, Send, ShippedOrder } from './types.ts'

/** Past this, a platform's message is cut: the reason is read in a list. */
const MAX_DETAIL = 300
/** A Retry-After past a day is taken as a day: the outbox gives up after three and a half. */
const MAX_WAIT_MS = 24 * 60 * 60 * 1000
/** More answers than this for one order: a platform answering in a loop. */
const MAX_STEPS = 12

/** The JSON of a body, or undefined when it is not JSON. */
export function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The platform's own words in an error body: WooCommerce's `message`, Shopify's `errors` (a
 * string, an object of lists, or GraphQL's list of `{message}`), or a short plain-text body.
 */
export function platformMessage(body: string): string | null {
  const json = jsonOf(body)
  const texts: string[] = []
  const collect = (value: unknown): void => {
    if (typeof value === 'string') texts.push(value)
    else if (Array.isArray(value)) value.forEach(collect)
    else if (isRecord(value)) {
      if (typeof value.message === 'string') texts.push(value.message)
      else Object.values(value).forEach(collect)
    }
  }
  if (isRecord(json)) collect(json.message ?? json.errors ?? json.error_description ?? json.error)
  else if (json === undefined && body.trim() !== '' && !body.trimStart().startsWith('<')) texts.push(body)
  const text = texts.join(' ; ').replace(/\s+/g, ' ').trim()
  if (text === '') return null
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL - 1)}…` : text
}

/** A sentence, with the platform's words after a colon when it gave some. */
export function withDetail(sentence: string, detail: string | null): string {
  return detail === null ? `${sentence}.` : `${sentence} : ${detail.replace(/\.$/, '')}.`
}

/** A sentence, then the platform's words quoted, when it gave some. */
function quoting(sentence: string, label: string, detail: string | null): string {
  return detail === null ? `${sentence}.` : `${sentence}. Réponse de ${label} : « ${detail} ».`
}

/** The wait a Retry-After asks for (seconds, or an HTTP date), in ms; 0 when it asks none. */
export function retryAfterMs(headers: Record<string, string>, now = Date.now()): number {
  const value = headers['retry-after']?.trim()
  if (!value) return 0
  const seconds = Number(value)
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now
  return Number.isFinite(ms) && ms > 0 ? Math.min(Math.ceil(ms), MAX_WAIT_MS) : 0
}

/** What the status says: null for a success (2xx), else the outcome. */
export function httpOutcome(
  label: string,
  response: PlatformResponse,
  now = Date.now(),
): FulfilmentOutcome | null {
  const { status, headers, body } = response
  if (status >= 200 && status < 300) return null
  const detail = platformMessage(body)
  const later = (sentence: string): FulfilmentOutcome => ({
    outcome: 'retry',
    afterMs: retryAfterMs(headers, now),
    reason: `${sentence} : nouvel essai plus tard.`,
  })
  if (status === 429) return later(`${label} limite le nombre d’appels (429)`)
  if (status === 408 || status >= 500) return later(`${label} ne répond pas correctement (${status})`)
  const refused = (sentence: string): FulfilmentOutcome => ({
    outcome: 'refused',
    reason: quoting(sentence, label, detail),
  })
  if (status >= 300 && status < 400) {
    const to = headers.location ? ` vers ${headers.location}` : ''
    return refused(
      `${label} a répondu par une redirection (${status}${to}) : vérifiez l’adresse dans les réglages`,
    )
  }
  if (status === 401)
    return refused(`${label} a refusé les identifiants (401) : vérifiez-les dans les réglages`)
  if (status === 403)
    return refused(`${label} a refusé l’accès (403) : les identifiants n’ont pas le droit d’expédier`)
  if (status === 404) return refused(`${label} ne trouve pas la commande ou l’adresse (404)`)
  if (status >= 400) return refused(`${label} a refusé l’expédition (${status})`)
  return later(`${label} a donné une réponse inattendue (${status})`)
}

/**
 * Runs the adapter's steps for this order through `send`. A call that got no answer is tried
 * again later; the whole exchange starts over then (each adapter's first call reads or writes
 * what makes a second run harmless).
 */
export async function deliver(
  adapter: FulfilmentAdapter,
  shipment: ShippedOrder,
  send: Send,
): Promise<FulfilmentOutcome> {
  const answers: PlatformResponse[] = []
  for (let step = 0; step < MAX_STEPS; step++) {
    const next = adapter.next(shipment, answers)
    if ('done' in next) return next.done
    try {
      answers.push(await send(next.request))
    } catch (error) {
      const why = error instanceof Error && error.message ? ` (${error.message})` : ''
      return {
        outcome: 'retry',
        afterMs: 0,
        reason: `${adapter.label} injoignable${why} : nouvel essai plus tard.`,
      }
    }
  }
  return {
    outcome: 'retry',
    afterMs: 0,
    reason: `${adapter.label} a répondu en boucle : nouvel essai plus tard.`,
  }
}
