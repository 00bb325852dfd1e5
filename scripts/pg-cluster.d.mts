/** Types of scripts/pg-cluster.mjs, for the benchmarks written in TypeScript. */
export function postgresBin(): string | null
export function startCluster(): Promise<{ url: string; pid(): number; stop(): void }>
