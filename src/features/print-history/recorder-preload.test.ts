// @vitest-environment jsdom
/**
 * The recorder loads the log's module soon after start, not on the first print: a print's entry
 * is then written the moment the agent answers, so a reload right after it does not drop it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PRELOAD_DELAY_MS, startPrintLogRecorder } from './recorder.ts'

const loaded = vi.hoisted(() => vi.fn())
vi.mock('./api.ts', () => {
  loaded()
  return { addPrintLogEntry: vi.fn() }
})

let stop: (() => void) | undefined
afterEach(() => {
  stop?.()
  vi.useRealTimers()
})

describe('startPrintLogRecorder, before any print', () => {
  it('loads the print log a second after start (after the first screen), once', async () => {
    vi.useFakeTimers()
    stop = startPrintLogRecorder()
    await vi.advanceTimersByTimeAsync(PRELOAD_DELAY_MS - 1)
    expect(loaded).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    vi.useRealTimers()
    await vi.waitFor(() => expect(loaded).toHaveBeenCalledOnce())
  })
})
