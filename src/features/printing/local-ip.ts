/**
 * docs/specification.md §1, §7.13: the workstation's local IP, read in the browser from a peer-connection
 * candidate. No ICE server is given, so only this machine's own (host) candidates are gathered and
 * nothing leaves the computer.
 *
 * Chromium hides host addresses behind an mDNS name (`<uuid>.local`) unless the page may use the
 * camera or microphone: the detection still succeeds, with that name as the "IP", which is not a
 * valid IP (the indicator shows 'inaccessible' and the report is skipped, docs/specification.md §5).
 *
 * A machine with no network route (only loopback, a cable out, a VM without NIC) gives no candidate
 * at all: that is the same situation, "no address to report", not a failed detection. It answers
 * null and the app goes on (the server then finds the workstation by the request's source address).
 * Only a browser that throws fails the detection (docs/specification.md §8).
 */
import { isValidIP, isValidIPv4 } from '@contract'

/** How long to wait for a usable candidate before answering "no address" (null). */
export const IP_DETECTION_TIMEOUT_MS = 3000
/**
 * No candidate at all by then means no network route: Chromium with only loopback never ends its
 * gathering (it stays 'gathering'), while host candidates otherwise come within a few tens of ms
 * (a slow handheld's may take over a second: hence 2 s, and a quick second look after a null).
 */
export const NO_CANDIDATE_MS = 2000
/** After a detection that found nothing, the next comes this soon (once), not a minute later. */
export const IP_RECHECK_MS = 10_000

/**
 * When to detect again (docs/specification.md §4: every minute): soon after a first null, which may be a slow
 * machine rather than no network route; at the normal pace after a second one in a row.
 * `previous` is the detection before this one (undefined for the first).
 */
export function nextIpDetectionMs(
  previous: string | null | undefined,
  current: string | null,
  everyMs: number,
): number {
  return current === null && previous !== null ? IP_RECHECK_MS : everyMs
}

/** The browser has no RTCPeerConnection at all (docs/specification.md §8: 'Your browser does not support this API'). */
export class PeerConnectionUnsupportedError extends Error {
  constructor() {
    super('RTCPeerConnection is not available')
    this.name = 'PeerConnectionUnsupportedError'
  }
}

const MDNS_NAME = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.local$/i
const UNSPECIFIED = new Set(['0.0.0.0', '::'])

function usable(address: string | undefined): address is string {
  if (address === undefined || UNSPECIFIED.has(address)) return false
  return isValidIP(address) || MDNS_NAME.test(address)
}

/**
 * The local address carried by one ICE candidate line (`candidate:…` or SDP `a=candidate:…`):
 * `foundation component transport priority address port typ type [raddr a rport p] …`.
 * A host candidate's address is this machine's (an IPv4, an IPv6 or an mDNS `.local` name); a
 * server-reflexive, peer-reflexive or relay candidate's address is public, so its related address
 * (raddr) is the local one, when the browser does not hide it (0.0.0.0). null when none is usable.
 */
export function extractCandidateAddress(candidateLine: string): string | null {
  const line = candidateLine.trim().replace(/^a=/, '')
  if (!/^candidate:/i.test(line)) return null
  const fields = line.slice('candidate:'.length).split(/\s+/)
  const address = fields[4]
  if (fields[6] !== 'typ') return null
  const type = fields[7]
  if (type === 'host') return usable(address) ? address : null
  const raddrAt = fields.indexOf('raddr')
  const related = raddrAt >= 0 ? fields[raddrAt + 1] : undefined
  return usable(related) && isValidIP(related) ? related : null
}

/** IPv4 first (the indicator is green only for one), then IPv6, then an mDNS name. */
function rank(address: string): number {
  if (isValidIPv4(address)) return 0
  if (isValidIP(address)) return 1
  return 2
}

/** The best address among candidate lines (in order of arrival), or null. */
export function pickLocalAddress(candidateLines: readonly string[]): string | null {
  let best: string | null = null
  for (const line of candidateLines) {
    const address = extractCandidateAddress(line)
    if (address !== null && (best === null || rank(address) < rank(best))) best = address
  }
  return best
}

/** docs/specification.md §5: the IP is reported only when it is an exact valid IPv4 or IPv6 (not an mDNS name). */
export function shouldReportIp(ip: string | null | undefined): ip is string {
  return isValidIP(ip)
}

type PeerConnectionClass = new (configuration?: RTCConfiguration) => RTCPeerConnection

export function peerConnectionClass(): PeerConnectionClass | undefined {
  const scope = globalThis as {
    RTCPeerConnection?: PeerConnectionClass
    webkitRTCPeerConnection?: PeerConnectionClass
  }
  return scope.RTCPeerConnection ?? scope.webkitRTCPeerConnection
}

function candidateLinesOf(sdp: string | undefined): string[] {
  return (sdp ?? '').split(/\r?\n/).filter((line) => line.startsWith('a=candidate:'))
}

/**
 * Detects the local IP: a data channel makes the connection gather candidates; the first IPv4
 * ends the search at once, otherwise the best address seen when gathering completes (or when the
 * time is up) wins, or null when there was none (at once when no candidate at all came within
 * `quietMs`). Rejects with PeerConnectionUnsupportedError
 * without RTCPeerConnection, and with the browser's error when it throws.
 */
export function detectLocalIp(
  options: { timeoutMs?: number; quietMs?: number } = {},
): Promise<string | null> {
  const timeoutMs = options.timeoutMs ?? IP_DETECTION_TIMEOUT_MS
  const quietMs = options.quietMs ?? NO_CANDIDATE_MS
  const PeerConnection = peerConnectionClass()
  if (typeof PeerConnection !== 'function') return Promise.reject(new PeerConnectionUnsupportedError())

  return new Promise<string | null>((resolve, reject) => {
    const lines: string[] = []
    let settled = false
    let connection: RTCPeerConnection | null = null

    const finish = (outcome: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearTimeout(quiet)
      if (connection) {
        connection.onicecandidate = null
        try {
          connection.close()
        } catch {
          // Closing a half-built connection may throw; it is being dropped anyway.
        }
      }
      outcome()
    }
    const settleWithBest = () => {
      const best = pickLocalAddress(lines)
      finish(() => resolve(best))
    }
    const take = (newLines: string[]) => {
      lines.push(...newLines)
      const best = pickLocalAddress(lines)
      if (best !== null && isValidIPv4(best)) finish(() => resolve(best))
    }
    const timer = setTimeout(settleWithBest, timeoutMs)
    const quiet = setTimeout(() => lines.length === 0 && settleWithBest(), quietMs)

    try {
      const peer = new PeerConnection({ iceServers: [] })
      connection = peer
      peer.onicecandidate = (event) => {
        if (event.candidate) {
          if (event.candidate.candidate) take([event.candidate.candidate])
        } else {
          // Gathering is complete: the SDP holds every candidate too.
          take(candidateLinesOf(peer.localDescription?.sdp))
          settleWithBest()
        }
      }
      peer.createDataChannel('ip')
      peer
        .createOffer()
        .then((offer) => peer.setLocalDescription(offer))
        .then(() => take(candidateLinesOf(peer.localDescription?.sdp)))
        .catch((error: unknown) => finish(() => reject(error)))
    } catch (error) {
      finish(() => reject(error))
    }
  })
}
