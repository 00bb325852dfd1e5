/**
 * Each shop key's pace (issue 33): a token bucket per key, so a shop's burst (a batch import, a
 * retry loop gone wrong) slows that shop alone, answered 429 with Retry-After, and never the
 * warehouse's own screens. Per server process: with WORKERS=N each process keeps its own buckets,
 * so a key gets up to N times the rate in all (docs/shop-api.md says so). Held by the app
 * (app.ts), not the module: two apps in one process (the tests) keep apart.
 */
export interface RateOptions {
  /** Calls a second a key may make on average. */
  perSecond: number
  /** Calls it may make at once after a quiet moment. */
  burst: number
}

/** Enough for a shop's order flow and its polling; a batch call counts once, whatever it holds. */
export const DEFAULT_RATE: RateOptions = { perSecond: 10, burst: 40 }

export class KeyRates {
  readonly #buckets = new Map<number, { tokens: number; at: number }>()

  constructor(
    readonly options: RateOptions = DEFAULT_RATE,
    readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes one call for the key: null when it may go, else the seconds until it may. */
  take(keyId: number): number | null {
    const { perSecond, burst } = this.options
    const now = this.now()
    const bucket = this.#buckets.get(keyId) ?? { tokens: burst, at: now }
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond)
    bucket.at = now
    this.#buckets.set(keyId, bucket)
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      return null
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond))
  }
}
