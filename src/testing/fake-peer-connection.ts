/**
 * Test double of RTCPeerConnection for the local-IP detection (jsdom has none). Tests of screens
 * wrapped in PrintingGate install it too: `installFakePeerConnection({ candidates: [hostCandidate('192.168.1.20')] })`.
 * Not imported by application code.
 */

export interface FakePeerScript {
  /** Candidate strings sent through onicecandidate, in order, after setLocalDescription. */
  candidates?: string[]
  /** Candidate lines also present in the local SDP (a=candidate:…), as some browsers put them. */
  sdpCandidates?: string[]
  /** Send the end-of-gathering event (candidate null) after the candidates. Default true. */
  complete?: boolean
  /** Make the browser fail: the constructor or createOffer throws. */
  fail?: 'constructor' | 'create-offer'
}

/** A host candidate line as Chromium writes it. */
export function hostCandidate(address: string, port = 52_000): string {
  return `candidate:1467250027 1 udp 2122260223 ${address} ${port} typ host generation 0 ufrag 7jHq network-id 1`
}

export class FakePeerConnection {
  static script: FakePeerScript = {}
  static instances: FakePeerConnection[] = []

  onicecandidate: ((event: { candidate: { candidate: string } | null }) => void) | null = null
  localDescription: { type: string; sdp: string } | null = null
  closed = false
  readonly configuration: unknown

  constructor(configuration?: unknown) {
    if (FakePeerConnection.script.fail === 'constructor') throw new Error('RTCPeerConnection blocked')
    this.configuration = configuration
    FakePeerConnection.instances.push(this)
  }

  createDataChannel(label: string) {
    return { label }
  }

  async createOffer() {
    if (FakePeerConnection.script.fail === 'create-offer') throw new Error('createOffer failed')
    const lines = (FakePeerConnection.script.sdpCandidates ?? []).map((c) => `a=${c}`)
    return {
      type: 'offer',
      sdp: [
        'v=0',
        'o=- 1 2 IN IP4 127.0.0.1',
        's=-',
        'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
        'c=IN IP4 0.0.0.0',
        ...lines,
      ].join('\r\n'),
    }
  }

  async setLocalDescription(description: { type: string; sdp: string }) {
    this.localDescription = description
    const { candidates = [], complete = true } = FakePeerConnection.script
    setTimeout(() => {
      for (const candidate of candidates) {
        if (this.closed) return
        this.onicecandidate?.({ candidate: { candidate } })
      }
      if (complete && !this.closed) this.onicecandidate?.({ candidate: null })
    }, 0)
  }

  close() {
    this.closed = true
  }
}

type Scope = { RTCPeerConnection?: unknown }

/** Installs the fake (or removes RTCPeerConnection with `null`); returns the restore function. */
export function installFakePeerConnection(script: FakePeerScript | null): () => void {
  const scope = globalThis as Scope
  const had = Object.prototype.hasOwnProperty.call(scope, 'RTCPeerConnection')
  const previous = scope.RTCPeerConnection
  FakePeerConnection.script = script ?? {}
  FakePeerConnection.instances = []
  if (script === null) delete scope.RTCPeerConnection
  else scope.RTCPeerConnection = FakePeerConnection
  return () => {
    if (had) scope.RTCPeerConnection = previous
    else delete scope.RTCPeerConnection
  }
}
