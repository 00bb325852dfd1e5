/**
 * QZ Tray signing (docs/qz-tray-protocol.md "Signing"): the browser asks the server to sign each call
 * so QZ Tray can trust the page without the private key ever reaching the browser.
 *
 * The server signs QZ Tray calls and nothing else: the browser sends the call itself, as qz-tray
 * serialises it ({call, params, timestamp}, src/features/printing/agent-connection.ts), and the
 * server signs its hex SHA-256 only when it is a call made within QZ Tray's own window of ±15
 * minutes, for a user with a printing role (the contract), at most SIGNATURES_PER_MINUTE a minute,
 * and only a call the app makes, with the app's parameters (qz/call-policy.ts, issue 35).
 * An outside audit had it sign any text for any signed-in user, then any call (file.write…).
 */
import { createHash, createSign } from 'node:crypto'
import type { endpoints } from '../../contract/endpoints.ts'
import { ERROR_CODES, type SignAlgorithm } from '../../contract/index.ts'
import { HttpError, invalid } from '../http/errors.ts'
import type { Handler } from '../http/register.ts'
import { callPolicyRefusal, type LinkCheck } from '../qz/call-policy.ts'
import type { QzKeys } from '../qz/keys.ts'
import { documentOrigin } from './print.ts'

type E = typeof endpoints

/** QZ Tray refuses a call whose timestamp is further than this from its clock ("Expired Signature"). */
export const QZ_TIMESTAMP_WINDOW_MS = 15 * 60_000
/** A print is a handful of calls: this leaves a busy packing station far from the limit. */
export const SIGNATURES_PER_MINUTE = 120

export const QZ_MESSAGES = {
  notACall: "Seuls les appels de QZ Tray sont signés : ce texte n'en est pas un.",
  stale:
    "Cet appel à QZ Tray n'est pas daté de maintenant : vérifiez l'heure de ce poste (plus de 15 minutes d'écart).",
  tooMany: 'Trop de demandes de signature : réessayez dans une minute.',
} as const

/** RSA PKCS#1 v1.5 over the UTF-8 bytes of the text, base64: what QZ Tray verifies. */
export function signForQz(keys: QzKeys, text: string, algorithm: SignAlgorithm = 'SHA1'): string {
  return createSign(`RSA-${algorithm}`).update(text, 'utf8').sign(keys.privateKey, 'base64')
}

/** The hex SHA-256 qz-tray computes of a call, which QZ Tray checks the signature against. */
export const qzCallHash = (call: string) => createHash('sha256').update(call, 'utf8').digest('hex')

/** The parts of a call qz-tray hashes; a call's text holds these keys only. */
const CALL_KEYS = new Set(['call', 'params', 'timestamp'])

/**
 * Why `text` is not a recent QZ Tray call the app makes, or null. The text must be exactly what
 * qz-tray's JSON.stringify writes of it (no duplicate key, no spacing of its own): what is checked
 * is then what QZ Tray will read.
 */
export function callProblem(text: string, links: Omit<LinkCheck, 'now'>, now = Date.now()): string | null {
  let call: unknown
  try {
    call = JSON.parse(text)
  } catch {
    return QZ_MESSAGES.notACall
  }
  if (typeof call !== 'object' || call === null || Array.isArray(call)) return QZ_MESSAGES.notACall
  const { call: name, params, timestamp } = call as Record<string, unknown>
  if (typeof name !== 'string' || !/^[a-z][\w.]*$/i.test(name) || typeof timestamp !== 'number')
    return QZ_MESSAGES.notACall
  if (Object.keys(call).some((key) => !CALL_KEYS.has(key)) || JSON.stringify(call) !== text)
    return QZ_MESSAGES.notACall
  if (Math.abs(now - timestamp) > QZ_TIMESTAMP_WINDOW_MS) return QZ_MESSAGES.stale
  return callPolicyRefusal(name, params, { ...links, now })
}

export const qzCertificate: Handler<E['qzCertificate']> = async ({ deps }) => deps.qz.certificatePem

// SHA1 by default: QZ Tray 2.x's default and what the specification asks for.
export const qzSign: Handler<E['qzSign']> = async ({ deps, body, query, user, request }) => {
  const now = Date.now()
  // Counted before the call is read: reading a 16 MiB call is the work the limit bounds.
  if (deps.qzSignatures.overLimit(user.id, now))
    throw new HttpError(
      429,
      { code: ERROR_CODES.tooManyAttempts, message: QZ_MESSAGES.tooMany },
      { 'retry-after': '60' },
    )
  const links = { documentKey: deps.documentKey, documentOrigin: documentOrigin(request, deps) }
  const problem = callProblem(body, links, now)
  if (problem) throw invalid(problem)
  return signForQz(deps.qz, qzCallHash(body), query.algorithm ?? 'SHA1')
}
