import { WEDGE_OPTIONS_KEY } from '@/features/scanning/wedge-settings'

/**
 * The device's scanner is known to end its codes with Enter (what a handheld learns on its first
 * scan). Tests type codes key by key: on a loaded machine a stall between two keys can outlast the
 * end-of-burst silence, and a scanner not known to send Enter would have its code cut in two
 * (wedge.ts, rule 5). Called by the screens' render helpers, after any localStorage.clear().
 */
export function scannerEndsWithEnter(): void {
  localStorage.setItem(WEDGE_OPTIONS_KEY, JSON.stringify({ suffix: 'enter' }))
}
