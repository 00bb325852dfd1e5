/**
 * Where the server may send a webhook (docs/security.md, 'Outgoing requests'): the risk is a
 * server-side request forgery, a shop naming an address of the warehouse's own network (a
 * printer's page, the database, a cloud's metadata service) for the server to call.
 *
 * - The URL: https (http only to an on-site system an administrator allowed), no user or password
 *   in it, a host name or an address.
 * - At each delivery, the host's addresses are looked up and each is checked: loopback,
 *   link-local, private, shared (CGNAT), multicast, reserved and unspecified ranges are refused,
 *   IPv4 inside IPv6 included, unless the endpoint's allow_private (set by an administrator) says
 *   otherwise. The connection is made to the address checked (the lookup is the request's own),
 *   so a name that answers differently the second time (DNS rebinding) gets nowhere.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import type { LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'
import type { ShopLanguage } from '../shop-api/language.ts'
import { webhookMessages } from './messages.ts'

/** The ranges ipaddr.js names that anyone may reach: the public internet. */
const PUBLIC = new Set(['unicast'])

/** Whether an IP address is on the public internet (IPv4 inside IPv6 judged as IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  let parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  return PUBLIC.has(parsed.range())
}

/** The URL's problem as a message in the caller's language, or null when it may be configured. */
export function urlProblem(url: string, allowPrivate: boolean, language: ShopLanguage = 'fr'): string | null {
  const M = webhookMessages(language)
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return M.invalid
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && allowPrivate)) return M.https
  if (parsed.username || parsed.password) return M.credentials
  const host = parsed.hostname.replace(/^\[|\]$/g, '')
  if (ipaddr.isValid(host) && !allowPrivate && !isPublicAddress(host)) return M.private(host)
  return null
}

/** Thrown by the lookup: the delivery fails with this message, and nothing is sent. */
export class RefusedDestination extends Error {}

/** A lookup for http(s).request that gives only addresses the endpoint may reach. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '', 0)
      const addresses = found as unknown as LookupAddress[]
      const refused = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address))
      if (refused) return callback(new RefusedDestination(webhookMessages().private(refused.address)), '', 0)
      if (options.all) return callback(null, addresses as unknown as string, 0)
      const first = addresses[0]
      if (!first) return callback(new Error(`${hostname} : aucune adresse`), '', 0)
      callback(null, first.address, first.family)
    })
  }
}
