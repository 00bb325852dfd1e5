/** The QZ signing limit: per user and per minute, one count per app (routes/qz.ts). */
import { describe, expect, it } from 'vitest'
import { SignaturesPerMinute } from './sign-limit.ts'

const MINUTE = 60_000
const start = 1_000 * MINUTE + 1_000

describe('signatures per minute', () => {
  it('lets a user sign the limit in a minute, refuses the next, and counts again in the next minute', () => {
    const limit = new SignaturesPerMinute(3)
    const answers = [0, 1, 2, 3].map((i) => limit.overLimit(7, start + i * 1_000))
    expect(answers).toEqual([false, false, false, true])
    expect(limit.overLimit(8, start)).toBe(false) // another user counts apart
    expect(limit.overLimit(7, start + MINUTE - 1_001)).toBe(true) // the same minute still
    expect(limit.overLimit(7, start + MINUTE)).toBe(false)
  })

  it('counts apart in two apps of one process (the server tests build many)', () => {
    const [one, other] = [new SignaturesPerMinute(2), new SignaturesPerMinute(2)]
    expect([one.overLimit(7, start), one.overLimit(7, start), one.overLimit(7, start)]).toEqual([
      false,
      false,
      true,
    ])
    expect(other.overLimit(7, start)).toBe(false)
  })
})
