/**
 * The one HTTP client. Calls a contract endpoint, adds the Bearer token, parses the answer with
 * the contract's schema and turns every failure into an ApiError with a French message.
 */
import {
  buildPath,
  lightApiErrorBody,
  type ApiErrorBody,
  type BodyOf,
  type EndpointDef,
  type LightCall,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@contract'
import { apiHost } from './config.ts'
import { messages } from './messages.ts'
import { reportServerReached } from './network-status.ts'
import { getToken, setToken } from './session/token-store.ts'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
    /** What some refusals add (contract/errors.ts): a carrier's `retryable`, the `order`, where to `putBack`. */
    readonly detail: Pick<ApiErrorBody, 'retryable' | 'order' | 'putBack'> = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }

  /** No answer at all (offline, DNS, CORS, server down): worth retrying later. */
  get isNetwork(): boolean {
    return this.status === 0
  }

  /**
   * The same request may succeed later (no answer, a timeout, 429, a server failure): the outbox
   * retries it, and a look-up takes the scanned code as it is ('non vérifié (hors ligne)').
   * Any other 4xx is the server's answer about this request, and will not change by retrying.
   */
  get isRetryable(): boolean {
    return isRetryableStatus(this.status)
  }
}

/** `status` is the HTTP status, or 0 when no answer came back. One rule for the outbox and the screens. */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500
}

export interface CallInput<E extends EndpointDef> {
  params?: ParamsOf<E>
  query?: QueryOf<E>
  body?: BodyOf<E>
  headers?: Record<string, string>
  signal?: AbortSignal
}

/** What callApi reads of an endpoint: the route and the answer's check (zod's, or a light one). */
type Callable = Pick<EndpointDef, 'method' | 'path' | 'auth' | 'bodyType' | 'responseType'> & {
  response: { safeParse(value: unknown): { success: true; data: unknown } | { success: false } }
}

function urlFor(def: Callable, input: CallInput<EndpointDef>): string {
  const path = buildPath(def.path, (input.params ?? {}) as Record<string, string | number>)
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.set(key, String(value))
  }
  const qs = search.toString()
  return `${apiHost}${path}${qs ? `?${qs}` : ''}`
}

function fallbackMessage(status: number): string {
  if (status === 401) return messages.errors.sessionExpired
  if (status === 403) return messages.errors.forbidden
  if (status >= 500) return messages.errors.server
  return messages.errors.unexpectedAnswer
}

async function toApiError(response: Response): Promise<ApiError> {
  const parsed = lightApiErrorBody.safeParse(await response.json().catch(() => null))
  if (!parsed.success)
    return new ApiError(response.status, 'http_' + response.status, fallbackMessage(response.status))
  const { code, message, fieldErrors, ...detail } = parsed.data
  return new ApiError(response.status, code, message, fieldErrors, detail)
}

/**
 * A contract endpoint, or its light twin (contract/light-calls.ts: the calls before the first screen,
 * whose answers are checked without loading zod).
 */
export function callApi<E extends EndpointDef>(
  def: E | LightCall<E>,
  input?: CallInput<E>,
): Promise<ResponseOf<E>>
export async function callApi(def: Callable, input: CallInput<EndpointDef> = {}): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json', ...input.headers }
  const token = getToken()
  if (token && def.auth === 'user') headers.authorization = `Bearer ${token}`
  let body: string | undefined
  if (def.bodyType === 'json') {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(input.body ?? {})
  } else if (def.bodyType === 'text') {
    headers['content-type'] = 'text/plain'
    body = String(input.body ?? '')
  }

  let response: Response
  try {
    response = await fetch(urlFor(def, input), {
      method: def.method,
      headers,
      body,
      signal: input.signal,
    })
  } catch (error) {
    if (input.signal?.aborted) {
      // A timeout (AbortSignal.timeout) is no answer; a caller's own abort (a screen left) says
      // nothing about the server.
      if ((input.signal.reason as { name?: unknown } | undefined)?.name === 'TimeoutError')
        reportServerReached(false)
      throw error
    }
    reportServerReached(false)
    throw new ApiError(0, 'network', messages.errors.network)
  }
  reportServerReached(true, response.ok)

  if (!response.ok) {
    const error = await toApiError(response)
    // The server no longer accepts this token (expired, revoked, key rotated): clearing it
    // sends the user to /login instead of leaving every screen failing.
    if (response.status === 401 && def.auth === 'user' && token !== null && getToken() === token)
      setToken(null)
    throw error
  }
  if (def.responseType === 'none' || def.method === 'HEAD' || response.status === 204) return undefined
  const raw: unknown =
    def.responseType === 'text' ? await response.text() : await response.json().catch(() => undefined)
  const parsed = def.response.safeParse(raw)
  if (!parsed.success)
    throw new ApiError(response.status, 'unexpected_answer', messages.errors.unexpectedAnswer)
  return parsed.data
}
