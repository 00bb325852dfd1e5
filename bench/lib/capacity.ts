/** bench:api's capacity search (issue 15): the highest rate the server holds within its budget. */
import { type openLoop, summary } from './open-loop.ts'

type Run = (
  count: number,
  intervalMs: number,
  samples: string[],
) => ReturnType<typeof openLoop<{ kind: string }>>

interface CapacityOptions {
  /** A step holds when its p99 is within this, with no error. */
  p99BudgetMs: number
  stepSeconds: number
  /** The finer step between the last rate that held and the first that did not. */
  step: number
}

/**
 * Steps of `stepSeconds` at rising rates (2 × `step` apart, then `step` between the last rate that
 * held and the first that did not), each after a second of rest so the one before has drained.
 * Past capacity the server should shed load: the step that fails says how many 503s it answered and
 * how fast, and how long the requests it let in took.
 */
export async function measureCapacity(
  run: Run,
  { p99BudgetMs, stepSeconds, step: fine }: CapacityOptions,
): Promise<number> {
  const step = async (rate: number) => {
    await new Promise((r) => setTimeout(r, 1000))
    const { t0, results } = await run(Math.round(rate * stepSeconds), 1000 / rate, [])
    const s = summary(results)
    const achieved = results.length / ((Math.max(...results.map((r) => r.end)) - t0) / 1000)
    const held = s.p99 <= p99BudgetMs && s.errors === 0 && achieved >= rate * 0.95
    const shed = results.filter((r) => r.status === 503)
    const admitted = summary(results.filter((r) => r.ok))
    console.log(
      `  capacity step ${rate} req/s: p99 ${s.p99.toFixed(1)} ms, ${s.errors} errors` +
        (shed.length
          ? ` (${shed.length} shed with 503, p99 ${summary(shed).p99.toFixed(1)} ms;` +
            ` admitted p99 ${admitted.p99.toFixed(1)} ms)`
          : '') +
        ` -> ${held ? 'holds' : 'does not hold'}`,
    )
    return held
  }
  let best = 0
  let rate = 100
  while (rate <= 1000 && (await step(rate))) {
    best = rate
    rate += 2 * fine
  }
  if (best > 0 && best + fine < rate && (await step(best + fine))) best += fine
  return best
}
