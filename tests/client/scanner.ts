import { afterEach, beforeEach } from 'vitest'
import userEvent from '@testing-library/user-event'
import { WEDGE_OPTIONS_KEY } from '@/features/scanning/wedge-settings'

/**
 * The device's scanner is known to end its codes with Enter (what a handheld learns on its first
 * scan), and its keys are never more than a second apart within a code. A browser stamps a key when
 * the scanner sends it; jsdom stamps it when the test dispatches it, after the screen's render of the
 * previous key: on a loaded machine (CI runs two test workers on two cores) one such render outlasted
 * the wedge's 50 ms gap, and an EAN typed in one go was cut into a person's '37000' and a scan of
 * '00000020' (rebut.test.tsx, 'loss 2'). The wedge's own timing is tested key by key with explicit
 * times (model/wedge.test.ts, use-wedge.test.ts); the screens' tests are about what a scan does.
 * Called by the screens' render helpers, after any localStorage.clear().
 */
export function scannerEndsWithEnter(): void {
  localStorage.setItem(WEDGE_OPTIONS_KEY, JSON.stringify({ suffix: 'enter', maxGapMs: 1000 }))
}

/**
 * A code scanned into `field`: its keys with no pause between them, then Enter, as a scanner sends
 * them (no task between two keys either). A person's typing, in a quantity or a weight, keeps
 * userEvent's own pace.
 */
export const typeScan = (field: HTMLElement, code: string) =>
  userEvent.setup({ delay: null }).type(field, `${code}{Enter}`)

/**
 * The kinds of feedback ('success', 'error'…) the scanning feature signals (its 'scan-feedback'
 * event), in order, emptied before each test of the calling file.
 */
export function recordScanFeedback(): string[] {
  const feedback: string[] = []
  const onFeedback = (e: Event) => feedback.push((e as CustomEvent<{ kind: string }>).detail.kind)
  beforeEach(() => {
    feedback.length = 0
    window.addEventListener('scan-feedback', onFeedback)
  })
  afterEach(() => window.removeEventListener('scan-feedback', onFeedback))
  return feedback
}
