/** jsdom lacks a few browser APIs Mantine relies on; the rest is testing-library's matchers. */
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

afterEach(() => cleanup())
// findBy/waitFor give up after 1 s by default: on a loaded 2-core CI machine a screen that is right
// can take longer to render, and a test that is wrong still fails, only later.
configure({ asyncUtilTimeout: 3_000 })

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
