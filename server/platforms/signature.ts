/**
 * The platforms' webhook signatures (docs/platforms.md): Shopify and WooCommerce both send the
 * base64 of HMAC-SHA256 over the body's exact bytes, keyed with the secret, in a header of their
 * own. Only the canonical spelling is accepted (the base64 Node writes, compared in constant time):
 * a signature with padding dropped, a trailing byte or another alphabet is refused, as the
 * documents' link signatures are.
 */
import { createHmac } from 'node:crypto'
import { sameBytes } from '../kernel/same-bytes.ts'
import type { Platform } from '../../contract/index.ts'

/** Where each platform puts the signature, the topic and its id of the delivery (lower case, as Node reads headers). */
export const PLATFORM_HEADERS = {
  shopify: {
    signature: 'x-shopify-hmac-sha256',
    topic: 'x-shopify-topic',
    delivery: 'x-shopify-webhook-id',
  },
  woocommerce: {
    signature: 'x-wc-webhook-signature',
    topic: 'x-wc-webhook-topic',
    delivery: 'x-wc-webhook-delivery-id',
  },
} as const satisfies Record<Platform, Record<string, string>>

export const platformSignature = (secret: string, body: Buffer): string =>
  createHmac('sha256', secret).update(body).digest('base64')

/** Whether `sent` is the body's signature with this secret, spelt exactly as it is computed. */
export function signatureHolds(secret: string, body: Buffer, sent: string | undefined): boolean {
  if (!sent) return false
  return sameBytes(sent, platformSignature(secret, body))
}
