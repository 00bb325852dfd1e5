import userEvent from '@testing-library/user-event'
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

/**
 * A code scanned into `field`: its keys with no pause between them, then Enter, as a scanner sends
 * them. jsdom stamps a key when it is dispatched, so on a loaded machine a pause between two keys
 * typed one task apart can outlast the wedge's 50 ms gap and cut the code in two (a person's key,
 * then a shorter scan); a browser stamps keys when they are sent. (A person's typing, in a quantity
 * or a weight, keeps userEvent's own pace.)
 */
export const typeScan = (field: HTMLElement, code: string) =>
  userEvent.setup({ delay: null }).type(field, `${code}{Enter}`)
