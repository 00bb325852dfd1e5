/**
 * The Node options of the server's worker processes (WORKERS=N, workers.ts).
 *
 * --single-threaded-gc when the workers alone are as many as the machine's cores. V8 collects a
 * process's young generation with helper threads, one per core, and the process waits for the
 * slowest of them; on a machine whose every core already runs a worker (and PostgreSQL beside
 * them), a helper waits for a core and the pause lasts longer than doing the work alone. Measured
 * with `npm run bench:api:postgres` on a 2-core machine, WORKERS=2, 500 req/s, 9 runs each: p99
 * 10–31 ms (median 20; 2 runs over 24) with the helpers, 9–21 ms (median 14) without; pauses of a
 * worker's event loop of 20–50 ms became rare. A machine with cores to spare keeps the helpers.
 */
import { availableParallelism } from 'node:os'

export const SINGLE_THREADED_GC = '--single-threaded-gc'

/** The workers' node options: this process's own, and single-threaded collection when cores are few. */
export function workerExecArgv(
  workers: number,
  cores: number = availableParallelism(),
  own: readonly string[] = process.execArgv,
): string[] {
  const crowded = workers >= cores && !own.includes(SINGLE_THREADED_GC)
  return crowded ? [...own, SINGLE_THREADED_GC] : [...own]
}

/**
 * Set in the environment of the worker that delivers the webhooks (workers.ts forks it, main.ts
 * runs delivery.ts in it): here, where the primary and main.ts read it without loading more.
 */
export const DELIVERY_ROLE = 'ENTREPOT_DELIVERY'
