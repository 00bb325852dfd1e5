/** Types of scripts/pg-cluster.mjs, for the benchmarks written in TypeScript. */
export function postgresBin(): string | null
/** `settings`: more server settings, each 'name=value' (as `postgres -c`). */
export function startCluster(options?: {
  settings?: string[]
}): Promise<{ url: string; pid(): number; stop(): void }>
