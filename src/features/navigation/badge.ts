/** A shop as far as the picking badge is concerned (docs/specification.md §3 Shop: orderCount may be missing). */
export interface BadgeShop {
  orderCount?: number | null
}

/**
 * docs/specification.md §2.4 / §9 Picking badge: the sum of orderCount over all of the user's shops. A missing
 * orderCount (undefined or null) counts as 0; so does a value that is not a finite number, so that one
 * malformed shop cannot turn the badge into NaN.
 */
export function pickingBadge(shops: readonly BadgeShop[] | null | undefined): number {
  let sum = 0
  for (const shop of shops ?? []) {
    const count = shop.orderCount
    if (typeof count === 'number' && Number.isFinite(count)) sum += count
  }
  return sum
}

/** The badge shows only when the sum is greater than 0. */
export function shouldShowBadge(n: number | null | undefined): boolean {
  return typeof n === 'number' && n > 0
}
