/**
 * docs/specification.md §9 mini navigation: on desktop the 300 px side navigation may shrink to 88 px of icons.
 * The choice is the user's, kept in this browser (like the theme mode): read once at start,
 * written on each toggle. Storage may be missing or refuse (private mode, full quota): the menu
 * then opens full and the toggle still works for the session.
 */
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
