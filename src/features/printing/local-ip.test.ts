import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  detectLocalIp,
  extractCandidateAddress,
  IP_RECHECK_MS,
  nextIpDetectionMs,
  NO_CANDIDATE_MS,
  PeerConnectionUnsupportedError,
  pickLocalAddress,
  shouldReportIp,
} from './local-ip.ts'
import {
  FakePeerConnection,
  hostCandidate,
  installFakePeerConnection,
} from '../../testing/fake-peer-connection.ts'

const MDNS = '3f1c9a52-7d0e-4b8e-9a51-0c2d6f1e7a44.local'

describe('extractCandidateAddress', () => {
  it('reads the address of an IPv4 host candidate', () => {
    expect(extractCandidateAddress(hostCandidate('192.168.1.20'))).toBe('192.168.1.20')
    expect(extractCandidateAddress('candidate:0 1 UDP 2122252543 10.0.0.7 49203 typ host')).toBe('10.0.0.7')
  })

  it('reads an IPv6 host candidate', () => {
    expect(extractCandidateAddress(hostCandidate('2001:db8::1'))).toBe('2001:db8::1')
    expect(
      extractCandidateAddress('candidate:3 1 udp 2122197247 fe80::1c2b:3dff:fe4e:5f60 50112 typ host'),
    ).toBe('fe80::1c2b:3dff:fe4e:5f60')
  })

  it('accepts the mDNS name Chromium gives instead of the address', () => {
    expect(extractCandidateAddress(hostCandidate(MDNS))).toBe(MDNS)
  })

  it('reads SDP lines (a=candidate:) and TCP candidates', () => {
    expect(extractCandidateAddress(`a=${hostCandidate('172.16.4.2')}`)).toBe('172.16.4.2')
    expect(
      extractCandidateAddress('candidate:2 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active'),
    ).toBe('192.168.1.20')
  })

  it('takes the related (local) address of a server-reflexive candidate, not its public one', () => {
    expect(
      extractCandidateAddress(
        'candidate:842163049 1 udp 1677729535 203.0.113.9 56143 typ srflx raddr 192.168.1.20 rport 56143 generation 0',
      ),
    ).toBe('192.168.1.20')
    // The browser hides the local address: nothing usable.
    expect(
      extractCandidateAddress(
        'candidate:842163049 1 udp 1677729535 203.0.113.9 56143 typ srflx raddr 0.0.0.0 rport 0',
      ),
    ).toBeNull()
    expect(extractCandidateAddress('candidate:5 1 udp 41885439 198.51.100.4 3478 typ relay')).toBeNull()
  })

  it('refuses what is not a candidate with a usable address', () => {
    expect(extractCandidateAddress('')).toBeNull()
    expect(extractCandidateAddress('a=ice-ufrag:7jHq')).toBeNull()
    expect(extractCandidateAddress('candidate:1 1 udp 1 0.0.0.0 9 typ host')).toBeNull()
    expect(extractCandidateAddress('candidate:1 1 udp 1 999.1.1.1 9 typ host')).toBeNull()
    expect(extractCandidateAddress('candidate:1 1 udp 1 192.168.1.20 9')).toBeNull()
  })
})

describe('pickLocalAddress', () => {
  it('prefers an IPv4, then an IPv6, then an mDNS name', () => {
    expect(
      pickLocalAddress([hostCandidate(MDNS), hostCandidate('2001:db8::1'), hostCandidate('192.168.1.20')]),
    ).toBe('192.168.1.20')
    expect(pickLocalAddress([hostCandidate(MDNS), hostCandidate('2001:db8::1')])).toBe('2001:db8::1')
    expect(pickLocalAddress([hostCandidate(MDNS)])).toBe(MDNS)
    expect(pickLocalAddress([hostCandidate('10.0.0.1'), hostCandidate('10.0.0.2')])).toBe('10.0.0.1')
    expect(pickLocalAddress(['a=ice-ufrag:x'])).toBeNull()
  })
})

describe('shouldReportIp (SPEC §5)', () => {
  it('reports only an exact valid IPv4 or IPv6', () => {
    expect(shouldReportIp('192.168.1.20')).toBe(true)
    expect(shouldReportIp('2001:db8::1')).toBe(true)
    expect(shouldReportIp(MDNS)).toBe(false)
    expect(shouldReportIp(' 192.168.1.20')).toBe(false)
    expect(shouldReportIp('192.168.1.256')).toBe(false)
    expect(shouldReportIp('')).toBe(false)
    expect(shouldReportIp(null)).toBe(false)
    expect(shouldReportIp(undefined)).toBe(false)
  })
})

describe('detectLocalIp', () => {
  let restore = () => {}
  afterEach(() => {
    restore()
    vi.useRealTimers()
  })

  it('answers the first IPv4 host candidate and closes the connection', async () => {
    restore = installFakePeerConnection({
      candidates: [hostCandidate('192.168.1.20'), hostCandidate('10.0.0.9')],
    })
    await expect(detectLocalIp()).resolves.toBe('192.168.1.20')
    const [peer] = FakePeerConnection.instances
    expect(peer?.closed).toBe(true)
    expect(peer?.configuration).toEqual({ iceServers: [] })
  })

  it('answers the mDNS name when that is all the browser gives (a success, not a failure)', async () => {
    restore = installFakePeerConnection({ candidates: [hostCandidate(MDNS)] })
    await expect(detectLocalIp()).resolves.toBe(MDNS)
  })

  it('reads the candidates of the SDP too', async () => {
    restore = installFakePeerConnection({
      candidates: [],
      sdpCandidates: [hostCandidate('172.16.0.5')],
      complete: false,
    })
    await expect(detectLocalIp()).resolves.toBe('172.16.0.5')
  })

  it('fails without RTCPeerConnection, with its own error', async () => {
    restore = installFakePeerConnection(null)
    await expect(detectLocalIp()).rejects.toBeInstanceOf(PeerConnectionUnsupportedError)
  })

  it('fails when the browser throws', async () => {
    restore = installFakePeerConnection({ fail: 'create-offer' })
    await expect(detectLocalIp()).rejects.toThrow('createOffer failed')
    restore()
    restore = installFakePeerConnection({ fail: 'constructor' })
    await expect(detectLocalIp()).rejects.toThrow('RTCPeerConnection blocked')
  })

  // A machine with only loopback (no network route) gives no candidate: "no address", as the mDNS
  // name is; not a failure, which would stop the whole app after sign-in.
  it('answers null when gathering ends without any candidate (no network route)', async () => {
    restore = installFakePeerConnection({ candidates: [] })
    await expect(detectLocalIp()).resolves.toBeNull()
    expect(FakePeerConnection.instances[0]?.closed).toBe(true)
  })

  it('answers null when gathering ends with unusable candidates only', async () => {
    restore = installFakePeerConnection({
      candidates: [
        'candidate:1 1 udp 1 0.0.0.0 9 typ host',
        'candidate:842163049 1 udp 1677729535 203.0.113.9 56143 typ srflx raddr 0.0.0.0 rport 0',
      ],
    })
    await expect(detectLocalIp()).resolves.toBeNull()
  })

  // What Chromium does with loopback only: no candidate, and gathering never completes.
  it('answers null a second in when no candidate came at all, and closes the connection', async () => {
    vi.useFakeTimers()
    restore = installFakePeerConnection({ candidates: [], complete: false })
    const detection = detectLocalIp({ timeoutMs: 3000, quietMs: 1000 })
    let settled = false
    void detection.then(() => (settled = true))
    await vi.advanceTimersByTimeAsync(999)
    expect(settled).toBe(false)
    expect(FakePeerConnection.instances[0]?.closed).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await expect(detection).resolves.toBeNull()
    expect(FakePeerConnection.instances[0]?.closed).toBe(true)
  })

  it('waits the whole time limit once candidates come, then answers null when none is usable', async () => {
    vi.useFakeTimers()
    restore = installFakePeerConnection({
      candidates: ['candidate:1 1 udp 1 0.0.0.0 9 typ host'],
      complete: false,
    })
    const detection = detectLocalIp({ timeoutMs: 3000, quietMs: 1000 })
    let settled = false
    void detection.then(() => (settled = true))
    await vi.advanceTimersByTimeAsync(2999)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await expect(detection).resolves.toBeNull()
  })

  it('answers the best address seen when the time is up', async () => {
    vi.useFakeTimers()
    restore = installFakePeerConnection({ candidates: [hostCandidate('2001:db8::1')], complete: false })
    const detection = detectLocalIp({ timeoutMs: 3000 })
    await vi.advanceTimersByTimeAsync(3000)
    await expect(detection).resolves.toBe('2001:db8::1')
  })

  it('keeps an IPv6 found first while gathering may still bring an IPv4', async () => {
    restore = installFakePeerConnection({
      candidates: [hostCandidate('2001:db8::1'), hostCandidate('192.168.1.20')],
    })
    await expect(detectLocalIp()).resolves.toBe('192.168.1.20')
  })

  it('waits 2 s by default for a first candidate: a handheld whose first comes after 1.5 s is found', async () => {
    expect(NO_CANDIDATE_MS).toBe(2000)
    vi.useFakeTimers()
    restore = installFakePeerConnection({ candidates: [], complete: false })
    const detection = detectLocalIp()
    await vi.advanceTimersByTimeAsync(1500)
    FakePeerConnection.instances[0]?.onicecandidate?.({
      candidate: { candidate: hostCandidate('192.168.1.20') },
    })
    await expect(detection).resolves.toBe('192.168.1.20')
  })
})

describe('nextIpDetectionMs (a slow machine, review of issue 16)', () => {
  it('detects again 10 s after a first null, at the normal pace after a second one in a row', () => {
    expect(IP_RECHECK_MS).toBe(10_000)
    expect(nextIpDetectionMs(undefined, null, 60_000)).toBe(10_000) // the first detection
    expect(nextIpDetectionMs('192.168.1.20', null, 60_000)).toBe(10_000)
    expect(nextIpDetectionMs(null, null, 60_000)).toBe(60_000)
    expect(nextIpDetectionMs(null, '192.168.1.20', 60_000)).toBe(60_000)
    expect(nextIpDetectionMs(undefined, MDNS, 60_000)).toBe(60_000) // a name, not "nothing found"
  })
})
