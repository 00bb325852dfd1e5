/**
 * Whether a secret the caller presented (a signature, a key's hash, a bearer secret) is the expected
 * one, in a time that does not depend on where the two first differ: comparing with === would let a
 * caller find it byte by byte from the answers' times. Texts are compared as their UTF-8 bytes. Only
 * the lengths may show, and they are public (a signature's or a hash's length is fixed).
 */
import { timingSafeEqual } from 'node:crypto'

const bytes = (value: string | Uint8Array) => (typeof value === 'string' ? Buffer.from(value, 'utf8') : value)

export function sameBytes(given: string | Uint8Array, expected: string | Uint8Array): boolean {
  const [a, b] = [bytes(given), bytes(expected)]
  return a.length === b.length && timingSafeEqual(a, b)
}
