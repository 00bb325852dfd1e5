/**
 * The IP rules of docs/specification.md §5 without zod: the first screen applies them (the header's indicator, the
 * IP report) and does not load zod's parser. They are z.ipv4() and z.ipv6()'s own tests, which
 * ipSchema (ip.ts) uses; ip.test.ts proves both agree, and that the pattern is still zod's.
 */

/** zod's ipv4 pattern (zod/v4/core regexes.ipv4). */
export const IPV4_PATTERN =
  /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/

/** zod's IPv6 test: hex digits, colons and dots only, and a URL host the browser accepts in brackets. */
function isIPv6(value: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(value)) return false
  try {
    if (typeof URL.canParse === 'function') return URL.canParse(`http://[${value}]`)
    new URL(`http://[${value}]`)
    return true
  } catch {
    return false
  }
}

/** docs/specification.md §5: the IP indicator is green only for an exact valid IPv4. */
export function isValidIPv4(value: unknown): value is string {
  return typeof value === 'string' && IPV4_PATTERN.test(value)
}

/** docs/specification.md §5: the IP is reported only when it is an exact valid IPv4 or IPv6. */
export function isValidIP(value: unknown): value is string {
  return isValidIPv4(value) || (typeof value === 'string' && isIPv6(value))
}
