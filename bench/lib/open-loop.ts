/**
 * An open-loop load generator: request i leaves at t0 + i * interval whatever the earlier answers,
 * and its time runs from that scheduled instant to the end of its answer, so a slow server (or a
 * client that falls behind its schedule) shows in the figures instead of being hidden by queuing in
 * the client.
 */
import { performance } from 'node:perf_hooks'
import type { Answer } from './http-client.ts'

export interface LoopResult<K extends string> {
  kind: K
  ms: number
  ok: boolean
  end: number
  /** How late the request actually left against its schedule: the client's own lag. */
  lateMs: number
  /** The HTTP status; 0 when no answer came back. */
  status: number
}

export interface OpenLoop<C extends { kind: string }> {
  count: number
  intervalMs: number
  /** The i-th request, built at its send instant (so it may depend on the answers so far). */
  next: (i: number) => C
  send: (request: C) => Promise<Answer>
  /** Called for each 2xx answer, e.g. to add its effect to what the server must hold at the end. */
  onOk?: (request: C) => void
  /** Gets the first few failures (status and body, or the network error), for the report. */
  errorSamples?: string[]
}

const MAX_ERROR_SAMPLES = 5

/** Sends `count` requests on the fixed schedule t0 + i * intervalMs; resolves with every result. */
export async function openLoop<C extends { kind: string }>({
  count,
  intervalMs,
  next,
  send,
  onOk,
  errorSamples = [],
}: OpenLoop<C>): Promise<{ t0: number; results: LoopResult<C['kind']>[] }> {
  const sample = (line: string) => {
    if (errorSamples.length < MAX_ERROR_SAMPLES) errorSamples.push(line)
  }
  const pending: Promise<LoopResult<C['kind']>>[] = []
  const t0 = performance.now() + 20
  const sendOne = (i: number, scheduled: number) => {
    const c = next(i)
    const lateMs = performance.now() - scheduled
    pending.push(
      send(c).then(
        (answer) => {
          const end = performance.now()
          if (answer.ok) onOk?.(c)
          else sample(`${c.kind} ${answer.status}: ${answer.text.slice(0, 200)}`)
          return { kind: c.kind, ms: end - scheduled, ok: answer.ok, end, lateMs, status: answer.status }
        },
        (error: unknown) => {
          const end = performance.now()
          sample(`${c.kind} network: ${String(error)}`)
          return { kind: c.kind, ms: end - scheduled, ok: false, end, lateMs, status: 0 }
        },
      ),
    )
  }
  // Each wake-up sends every request whose instant has come, each timed from its own instant: a
  // timer that fires late makes those requests late and counts against the server, never for it.
  // No spinning to the exact instant: at 500 req/s that spin took a quarter of a core from the
  // server it measures, on a 2-core machine.
  let i = 0
  while (i < count) {
    const wait = t0 + i * intervalMs - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    const now = performance.now()
    while (i < count && t0 + i * intervalMs <= now) {
      sendOne(i, t0 + i * intervalMs)
      i++
    }
  }
  return { t0, results: await Promise.all(pending) }
}

/** The p-th percentile (nearest rank) of ascending `sorted`; 0 when empty. */
export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number)

/** Latency percentiles and the error count of some results. */
export function summary(rows: LoopResult<string>[]) {
  const ms = rows.map((r) => r.ms).sort((a, b) => a - b)
  return {
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    max: ms.at(-1) ?? 0,
    errors: rows.filter((r) => !r.ok).length,
  }
}
