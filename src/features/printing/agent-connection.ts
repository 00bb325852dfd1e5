/**
 * Where and how this page reaches QZ Tray, apart from the connection's life (agent.ts):
 * - The specification's ports are qz-tray's defaults (secure 8181/8282/8383/8484 on an https page, insecure
 *   8182/8283/8384/8485 otherwise), keep-alive every 60 s. `usingSecure` is never set: qz-tray
 *   picks wss:// by itself from the page's protocol (issue 30), which forcing either way would
 *   break. A site with a non-standard agent may set
 *   localStorage['qz-agent'] = '{"host":"…","port":{"secure":[…],"insecure":[…]}}' (an https page
 *   uses its secure list; only when that list is empty does qz-tray fall back to the insecure one).
 * - Requests are signed by our server: the certificate from GET /rest/qz/certificate, each
 *   signature from POST /rest/qz/sign, SHA1 as the specification says. The key never reaches the browser.
 * - A signature the server refuses fails the call with the server's French reason (withSignRefusal),
 *   not qz-tray's bare 'Failed to sign request'.
 */
import { qzCertificateCall, qzSignCall } from '@contract'
import { callApi } from '@/lib/http'
import type { Qz, QzConnectOptions } from './qz-types.ts'

/** docs/specification.md §9: keep-alive ping every 60 s. */
export const AGENT_KEEP_ALIVE_S = 60
export const AGENT_OVERRIDE_KEY = 'qz-agent'

export interface AgentOverride {
  host?: string
  port?: { secure: number[]; insecure: number[] }
}

const isPortList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((port) => Number.isInteger(port) && port > 0 && port < 65536)

/** The site override stored under localStorage['qz-agent']; null when absent or malformed. */
export function readAgentOverride(raw: string | null | undefined): AgentOverride | null {
  if (!raw) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  const { host, port } = value as { host?: unknown; port?: unknown }
  const override: AgentOverride = {}
  if (typeof host === 'string' && host.trim() !== '') override.host = host.trim()
  if (typeof port === 'object' && port !== null) {
    const { secure, insecure } = port as { secure?: unknown; insecure?: unknown }
    const ports = { secure: isPortList(secure) ? secure : [], insecure: isPortList(insecure) ? insecure : [] }
    if (ports.secure.length > 0 || ports.insecure.length > 0) override.port = ports
  }
  return override.host || override.port ? override : null
}

/** Options of qz.websocket.connect: qz-tray's own hosts and ports unless the site overrides them. */
export function connectOptions(override: AgentOverride | null): QzConnectOptions {
  return {
    retries: 0,
    keepAlive: AGENT_KEEP_ALIVE_S,
    // An array is taken as is (a single string would get qz's ".qz.surf" suffix).
    ...(override?.host ? { host: [override.host] } : {}),
    ...(override?.port
      ? { port: { secure: [...override.port.secure], insecure: [...override.port.insecure] } }
      : {}),
  }
}

/** The raw override; null where storage cannot be read (blocked cookies, a sandboxed frame). */
export function readStoredOverride(): string | null {
  try {
    return globalThis.localStorage?.getItem(AGENT_OVERRIDE_KEY) ?? null
  } catch {
    return null
  }
}

/** What qz-tray rejects a call with when its signature promise fails, whatever the reason. */
export const QZ_SIGN_FAILED = 'Failed to sign request'

/**
 * The French reason our server last gave for refusing to sign a call (POST /rest/qz/sign: 400, 413,
 * 429 …). qz-tray only logs it and rejects the call with QZ_SIGN_FAILED, in English and without the
 * reason, so it is kept here for withSignRefusal to put back. Module-wide, like qz-tray itself.
 */
let signRefusal: string | null = null

/**
 * Runs one signed QZ Tray call; when our server refused its signature, rejects with the server's
 * French reason instead of qz-tray's 'Failed to sign request'.
 */
export async function withSignRefusal<T>(call: () => Promise<T>): Promise<T> {
  signRefusal = null // an earlier call's refusal must never explain this one
  try {
    return await call()
  } catch (error) {
    if (error instanceof Error && error.message === QZ_SIGN_FAILED && signRefusal)
      throw new Error(signRefusal, { cause: error })
    throw error
  }
}

/** Wires qz-tray to our server: native promises, certificate and SHA1 signatures from the API. */
export function configureQz(qz: Qz, onClosed: (event: unknown) => void): void {
  qz.api.setPromiseType((resolver) => new Promise(resolver))
  qz.security.setCertificatePromise((resolve, reject) => {
    callApi(qzCertificateCall).then(resolve, reject)
  })
  qz.security.setSignatureAlgorithm('SHA1')
  // qz-tray hashes the call ({call, params, timestamp}) and asks for the hash to be signed. The
  // server signs QZ Tray calls only, so it is sent the call itself and hashes it the same way:
  // the 'hash' qz-tray is given is the call as it is (the hash is used for nothing else).
  qz.api.setSha256Type((call) => call)
  // Not an async function: qz-tray calls the factory, then runs what it returns as a resolver.
  qz.security.setSignaturePromise((call) => (resolve, reject) => {
    callApi(qzSignCall, { body: call, query: { algorithm: 'SHA1' } }).then(resolve, (error: unknown) => {
      signRefusal = error instanceof Error && error.message ? error.message : null
      reject(error)
    })
  })
  qz.websocket.setClosedCallbacks(onClosed)
}
