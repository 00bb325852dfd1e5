/**
 * Every name and address a device may use to reach this server, so that the generated certificate
 * names them all: the host name and its mDNS form (`<host>.local`, what a handheld can resolve on a
 * network without DNS), each interface address, the host of PUBLIC_ORIGIN, TLS_NAMES, the address
 * HOST gives, and loopback (a browser on the server itself).
 */
import { hostname as osHostname, networkInterfaces } from 'node:os'
import { isIP } from 'node:net'
import { normalName } from './certificates.ts'

export interface NameSources {
  host: string
  publicOrigin?: string
  extraNames?: readonly string[]
  hostname?: string
  interfaces?: ReturnType<typeof networkInterfaces>
}

const ANY = new Set(['0.0.0.0', '::', '[::]'])

export function wantedNames({
  host,
  publicOrigin,
  extraNames = [],
  hostname = osHostname(),
  interfaces = networkInterfaces(),
}: NameSources): string[] {
  const names: string[] = []
  const short = hostname.split('.')[0] ?? ''
  if (publicOrigin) names.push(new URL(publicOrigin).hostname.replace(/^\[|\]$/g, ''))
  names.push(...extraNames)
  if (isHostName(hostname)) names.push(hostname)
  if (isHostName(short)) names.push(short, `${short}.local`)
  if (!ANY.has(host) && host !== 'localhost') names.push(host.replace(/^\[|\]$/g, ''))
  for (const address of Object.values(interfaces).flat()) {
    // Link-local IPv6 needs a zone (fe80::1%wlan0), which no URL a device types can carry.
    if (!address || (address.family === 'IPv6' && /^fe[89ab]/i.test(address.address))) continue
    names.push(address.address)
  }
  names.push('localhost', '127.0.0.1', '::1')
  return [...new Set(names.filter(Boolean).map(normalName))]
}

const isHostName = (name: string) =>
  isIP(name) === 0 && /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(name)

/** Whether a certificate's names cover every wanted one (a wildcard is not ours to read). */
export const covers = (certificateNames: readonly string[], wanted: readonly string[]) => {
  const have = new Set(certificateNames)
  return wanted.every((name) => have.has(name))
}
