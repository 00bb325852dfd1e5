import { z } from 'zod/mini'

const ipv4 = z.ipv4()
const ipv6 = z.ipv6()

/** SPEC §5: the IP indicator is green only for an exact valid IPv4. */
export function isValidIPv4(value: unknown): value is string {
  return ipv4.safeParse(value).success
}

/** SPEC §5: the IP is reported only when it is an exact valid IPv4 or IPv6. */
export function isValidIP(value: unknown): value is string {
  return ipv4.safeParse(value).success || ipv6.safeParse(value).success
}

export const ipSchema = z.union([ipv4, ipv6], { error: 'Adresse IP invalide' })
