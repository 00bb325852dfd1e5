/**
 * What a seed decides before a run starts: its faults (each kind's chance per attempt, up to a
 * ceiling, or none), one tab or two, kills between writes, how many writes, and where.
 */
import type { Place } from './ledger.ts'
import { FAULTS, type FaultMix } from './net.ts'
import type { Rng } from './prng.ts'
import type { World } from './world.ts'

/** The most each fault may take of one attempt's chances (a run draws its own, up to these). */
const MOST: FaultMix = {
  offline: 0.08,
  drop: 0.15,
  failBefore: 0.06,
  failAfter: 0.08,
  expire: 0.05,
  killBefore: 0.06,
  killAfter: 0.06,
}

export interface RunPlan {
  mix: FaultMix
  twoTabs: boolean
  /** The chance of killing a tab between two writes. */
  killBetween: number
  writes: number
}

export function planOf(r: Rng): RunPlan {
  const mix = Object.fromEntries(FAULTS.map((f) => [f, r.chance(0.6) ? r.next() * MOST[f] : 0])) as FaultMix
  return { mix, twoTabs: r.chance(0.4), killBetween: r.chance(0.3) ? 0.15 : 0, writes: r.int(5, 15) }
}

/** The run's products (two of one shop, not used by another run) and three storage locations. */
export function placeOf(seed: number, r: Rng, world: World): Place {
  const shops = [...world.catalogue.products.keys()]
  const shop = shops[seed % shops.length] as string
  const skus = world.catalogue.products.get(shop) as string[]
  const first = (2 * Math.floor(seed / shops.length)) % (skus.length - 1)
  const locations = new Set<string>()
  while (locations.size < 3) locations.add(r.pick(world.catalogue.storage))
  return {
    shop,
    products: [skus[first], skus[first + 1]] as [string, string],
    locations: [...locations] as Place['locations'],
  }
}
