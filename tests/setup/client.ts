/** jsdom lacks a few browser APIs Mantine relies on; the rest is testing-library's matchers. */
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import './vm-context.ts'
import { clearToasts } from '@/lib/ui/toast.ts'

afterEach(async () => {
  cleanup()
  await clearToasts()
})
// findBy/waitFor give up after 1 s by default. They return as soon as the screen shows what they
// wait for, so their bound only says how long a wrong screen is waited on before the test fails: it
// is not a speed the test must reach. At 3 s, screens that were right failed on a loaded 2-core
// machine (inventory.test.tsx 'never clamped', floor.test.tsx 'turns offline…'); 10 s, under the
// project's 15 s test timeout, so a failure still names the assertion that did not hold.
configure({ asyncUtilTimeout: 10_000 })

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  // A desktop-sized screen: the layout shows its side navigation (min-width queries match).
  value: vi.fn().mockImplementation((query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
})

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = window.ResizeObserver ?? ResizeObserverStub
window.HTMLElement.prototype.scrollIntoView = window.HTMLElement.prototype.scrollIntoView ?? (() => {})
window.scrollTo = (() => {}) as typeof window.scrollTo
