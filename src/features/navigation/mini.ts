/**
 * SPEC §9 mini navigation: on desktop the 300 px side navigation may shrink to 88 px of icons.
 * The choice is the user's, kept in this browser (like the theme mode): read once at start,
 * written on each toggle. Storage may be missing or refuse (private mode, full quota): the menu
 * then opens full and the toggle still works for the session.
 */
import type { NavGroup, NavItem } from './nav-config.ts'

export const NAV_MINI_KEY = 'nav-mini'

type Store = Pick<Storage, 'getItem' | 'setItem'>

export function readNavMini(storage: Store | undefined): boolean {
  try {
    return storage?.getItem(NAV_MINI_KEY) === 'true'
  } catch {
    return false
  }
}

export function writeNavMini(storage: Store | undefined, mini: boolean): void {
  try {
    storage?.setItem(NAV_MINI_KEY, String(mini))
  } catch {
    // Not kept: the next start opens the full menu.
  }
}

/**
 * The mini navigation's entries, section by section: one icon per item, without subheaders. A
 * parent stands for itself (its own path); its children are reached from the full menu or the
 * search, as in the reference template's mini layout.
 */
export function miniNavSections(groups: readonly NavGroup[]): NavItem[][] {
  return groups
    .map((group) => group.items.filter((item) => !item.disabled))
    .filter((items) => items.length > 0)
}
