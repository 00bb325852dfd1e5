// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterNextPaint } from './after-next-paint.ts'

afterEach(() => vi.useRealTimers())

describe('afterNextPaint', () => {
  it('runs after the next frame and a task after it, not within the current task', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] })
    const run = vi.fn()
    afterNextPaint(run)
    expect(run).not.toHaveBeenCalled()
    vi.advanceTimersToNextFrame()
    expect(run).not.toHaveBeenCalled()
    await vi.runAllTimersAsync()
    expect(run).toHaveBeenCalledOnce()
  })

  it('does nothing once cancelled, before or after the frame', async () => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'],
    })
    const before = vi.fn()
    afterNextPaint(before)()
    const after = vi.fn()
    const cancel = afterNextPaint(after)
    vi.advanceTimersToNextFrame()
    cancel()
    await vi.runAllTimersAsync()
    expect(before).not.toHaveBeenCalled()
    expect(after).not.toHaveBeenCalled()
  })
})
