/** A small seeded PRNG (mulberry32): the same seed gives the same run plan and the same faults. */
export interface Rng {
  /** In [0, 1). */
  next(): number
  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number
  chance(p: number): boolean
  pick<T>(items: readonly T[]): T
}

export function rng(seed: number): Rng {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
  }
}

/** A 32-bit hash of a text (FNV-1a): seeds derived from the run's seed and a name. */
export function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** The generator of one thing of a run (a write's n-th attempt): the same whatever the timing. */
export const rngFor = (seed: number, name: string): Rng => rng(hash(`${seed}:${name}`))
