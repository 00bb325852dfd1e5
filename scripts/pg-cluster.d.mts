/** Types of scripts/pg-cluster.mjs, for the benchmarks written in TypeScript. */
export function postgresBin(): string | null
/** `settings`: more server settings, each 'name=value' (as `postgres -c`). */
export function startCluster(options?: { settings?: string[] }): Promise<{
  url: string
  pid(): number
  /** Stops the server as an upgrade or a fail-over does (fast: sessions cut), data kept. */
  down(): void
  /** Starts it again after down(), on the same port. */
  up(): void
  stop(): void
}>
