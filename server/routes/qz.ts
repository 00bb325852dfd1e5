/**
 * QZ Tray signing (qz-tray-protocol.md "Signing"): the browser asks the server to sign each call
 * so QZ Tray can trust the page without the private key ever reaching the browser.
 */
import { createSign } from 'node:crypto'
import type { endpoints } from '../../contract/endpoints.ts'
import type { SignAlgorithm } from '../../contract/index.ts'
import type { Handler } from '../http/register.ts'
import type { QzKeys } from '../qz/keys.ts'

type E = typeof endpoints

/** RSA PKCS#1 v1.5 over the UTF-8 bytes of the text, base64: what QZ Tray verifies. */
export function signForQz(keys: QzKeys, text: string, algorithm: SignAlgorithm = 'SHA1'): string {
  return createSign(`RSA-${algorithm}`).update(text, 'utf8').sign(keys.privateKey, 'base64')
}

export const qzCertificate: Handler<E['qzCertificate']> = async ({ deps }) => deps.qz.certificatePem

// SHA1 by default: QZ Tray 2.x's default and what SPEC asks for.
export const qzSign: Handler<E['qzSign']> = async ({ deps, body, query }) =>
  signForQz(deps.qz, body, query.algorithm ?? 'SHA1')
