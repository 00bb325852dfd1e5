/**
 * Signatures per user in the current minute (routes/qz.ts). In the app's memory, one count per
 * app: with WORKERS=N each process counts its own, so the limit is N times as loose, which is
 * still a limit. Not module state: two apps in one process (the tests run many) count apart.
 */
export class SignaturesPerMinute {
  private readonly counts = new Map<number, { minute: number; count: number }>()

  constructor(private readonly limit: number) {}

  /** Counts one more signature for `userId` at `now`; true when it goes over the limit. */
  overLimit(userId: number, now: number): boolean {
    const minute = Math.floor(now / 60_000)
    const mine = this.counts.get(userId)
    if (!mine || mine.minute !== minute) {
      if (this.counts.size > 10_000) this.counts.clear()
      this.counts.set(userId, { minute, count: 1 })
      return false
    }
    mine.count += 1
    return mine.count > this.limit
  }
}
