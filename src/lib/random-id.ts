/**
 * Random ids (idempotency keys, client-side ids) that work on any page. crypto.randomUUID exists
 * only in secure contexts, and a handheld may open the site over plain HTTP by its LAN address
 * (docs/architecture.md, secure contexts); crypto.getRandomValues exists everywhere. Eight lines of our own rather
 * than a package: the format is fixed by RFC 4122 and the first screen's budget is tight.
 */

const hex = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'))

/** An RFC 4122 version 4 UUID ('xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx'), 122 random bits. */
export function randomUuid(): string {
  const b = crypto.getRandomValues(new Uint8Array(16))
  // Version 4 in the high nibble of byte 6, the variant bits 10 at the top of byte 8.
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = Array.from(b, (byte) => hex[byte]!)
  return `${h.slice(0, 4).join('')}-${h.slice(4, 6).join('')}-${h.slice(6, 8).join('')}-${h.slice(8, 10).join('')}-${h.slice(10).join('')}`
}
