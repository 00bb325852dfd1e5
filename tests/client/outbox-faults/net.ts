/**
 * The network between the tabs and the real server, with faults. Each attempt of a stored write
 * (a request with an Idempotency-Key) gets its fate from the run's seed, the write's label and the
 * attempt's number, so a seed replays the same faults whatever the timing:
 * - offline: the request fails as fetch fails (TypeError), navigator.onLine turns false with an
 *   'offline' event, and back to true with 'online' a little later;
 * - drop: the server gets it and commits, the answer is lost (TypeError);
 * - 5xx: 502/503 instead of the server's answer, before it or after it committed;
 * - expire: the session expires: this and every request with a token get 401 until a sign-in;
 * - kill: the tab dies with the request on its way (sent to the server or not): no answer ever.
 * A killed tab's requests never answer. Requests without a key go through untouched.
 */
import { rngFor } from './prng.ts'
import { currentTab, type Tab } from './tabs.ts'

export const FAULTS = [
  'offline',
  'drop',
  'failBefore',
  'failAfter',
  'expire',
  'killBefore',
  'killAfter',
] as const
export type Fault = (typeof FAULTS)[number]
/** The chance of each fault for one attempt; the rest pass. */
export type FaultMix = Record<Fault, number>

const json = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ code, message }), { status, headers: { 'content-type': 'application/json' } })
const hang = () => new Promise<Response>(() => {})
const lost = () => new TypeError('Failed to fetch')

export class FaultNet {
  online = true
  /** False once a fault expired the session, until the run signs in again. */
  sessionValid = true
  /** The current run's faults; null: the network is healthy. */
  mix: FaultMix | null = null
  seed = 0
  /** Told of a tab killed by a fault (to open a fresh one). */
  onKill: (tab: Tab) => void = () => {}
  /** Every fault dealt over the whole suite, and the runs' other events (tabs killed between writes…). */
  readonly totals: Record<string, number> = Object.fromEntries([...FAULTS, 'passed'].map((f) => [f, 0]))
  /** What happened in the current run, for its failure message. */
  log: string[] = []
  /** Requests made outside any tab: the tab context was lost (a harness bug). */
  strays: string[] = []
  private labels = new Map<string, string>()
  private attempts = new Map<string, number>()
  private backOnline: ReturnType<typeof setTimeout> | undefined
  private forwarding = new Set<Promise<unknown>>()
  /** Requests the server did not answer (it should answer every one). */
  serverErrors: string[] = []

  constructor(
    private readonly origin: string,
    private readonly realFetch: typeof fetch,
  ) {}

  count(event: string): void {
    this.totals[event] = (this.totals[event] ?? 0) + 1
  }

  /** The label of the write stored under an idempotency key (from the tabs' Dexie hook). */
  labelKey(key: string, label: string): void {
    this.labels.set(key, label)
  }

  /** A new run: its seed and faults, a fresh log. */
  startRun(seed: number, mix: FaultMix): void {
    this.seed = seed
    this.mix = mix
    this.log = []
    this.strays = []
    this.attempts.clear()
    this.labels.clear()
  }

  /** The faults stop: back online at once. */
  heal(): void {
    this.mix = null
    if (!this.online) this.comeBack()
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const tab = currentTab()
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost')
    if (!tab) this.strays.push(url.pathname)
    if (tab?.dead) return hang()
    if (!this.online) throw lost()
    const headers = new Headers(init.headers)
    if (headers.has('authorization') && !this.sessionValid)
      return json(401, 'unauthorized', 'Session expirée : reconnectez-vous.')
    const forward = () => this.forward(url, init)
    const key = headers.get('idempotency-key')
    const attempt = key && this.mix ? this.attempt(key) : null
    const fault = attempt ? this.draw(attempt) : null
    if (fault) {
      this.count(fault)
      this.log.push(`${attempt}: ${fault} (tab ${tab?.id})`)
    } else if (attempt) this.count('passed')
    switch (fault) {
      case 'offline':
        this.goOffline(rngFor(this.seed, `${attempt}:offline`).int(5, 60))
        throw lost()
      case 'drop':
        await forward()
        throw lost()
      case 'failBefore':
        return json(503, 'unavailable', 'Service indisponible')
      case 'failAfter':
        await forward()
        return json(502, 'bad_gateway', 'Passerelle en erreur')
      case 'expire':
        this.sessionValid = false
        return json(401, 'unauthorized', 'Session expirée : reconnectez-vous.')
      case 'killBefore':
      case 'killAfter':
        if (fault === 'killAfter') void forward().catch(() => undefined)
        if (tab) this.onKill(tab)
        return hang()
      default:
        return forward()
    }
  }

  /** The attempt's name: its write's label and its number ('run 7 · 3 #2'). */
  private attempt(key: string): string {
    const n = (this.attempts.get(key) ?? 0) + 1
    this.attempts.set(key, n)
    return `${this.labels.get(key) ?? key} #${n}`
  }

  /** This attempt's fault, from the seed and the attempt's name. */
  private draw(attempt: string): Fault | null {
    let roll = rngFor(this.seed, attempt).next()
    for (const fault of FAULTS) {
      roll -= this.mix![fault]
      if (roll < 0) return fault
    }
    return null
  }

  /** Once every request sent to the server (a killed tab's too) has its answer, or after 5 s. */
  async settled(): Promise<void> {
    const end = Date.now() + 5_000
    while (this.forwarding.size > 0 && Date.now() < end)
      await Promise.race([...this.forwarding, new Promise((r) => setTimeout(r, 50))])
  }

  private forward(url: URL, init: RequestInit): Promise<Response> {
    const sent = this.send(url, init)
    const tracked = sent
      .catch((error: unknown) =>
        this.serverErrors.push(`${url.pathname}: ${String(error)} ${String((error as Error).cause)}`),
      )
      .finally(() => this.forwarding.delete(tracked))
    this.forwarding.add(tracked)
    return sent
  }

  private async send(url: URL, init: RequestInit): Promise<Response> {
    const answer = await this.realFetch(`${this.origin}${url.pathname}${url.search}`, {
      method: init.method,
      headers: init.headers,
      body: init.body,
    })
    // Read to the end: the server has committed and answered.
    const body = await answer.arrayBuffer()
    return new Response(body, { status: answer.status, headers: answer.headers })
  }

  private goOffline(ms: number): void {
    if (!this.online) return
    this.online = false
    this.log.push(`offline for ${ms} ms`)
    window.dispatchEvent(new Event('offline'))
    this.backOnline = setTimeout(() => this.comeBack(), ms)
  }

  private comeBack(): void {
    clearTimeout(this.backOnline)
    this.online = true
    window.dispatchEvent(new Event('online'))
  }
}
