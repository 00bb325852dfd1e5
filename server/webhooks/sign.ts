/**
 * Webhooks signed the Standard Webhooks way (docs/webhooks.md, 'Verifying'): `webhook-id`,
 * `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of
 * id.timestamp.body>`), by the reference library a shop verifies with. During the day after a
 * secret's rotation both secrets sign, space-separated, so a receiver still holding the old one
 * accepts the delivery.
 */
import { randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'

/** `whsec_` and 32 random bytes in base64 (the spec asks 24 to 64). */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`
}

export interface SignedHeaders {
  'webhook-id': string
  'webhook-timestamp': string
  'webhook-signature': string
}

export function signedHeaders(id: string, at: Date, body: string, secrets: readonly string[]): SignedHeaders {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(' '),
  }
}
