// @vitest-environment jsdom
/** The local-IP query's pace (review of issue 16): a null is looked at again soon, once. */
import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { callApi } from '@/lib/http'
import { localIpQueryOptions } from './api.ts'
import { detectLocalIp } from './local-ip.ts'

vi.mock(import('./local-ip.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  detectLocalIp: vi.fn(),
}))
vi.mock(import('@/lib/http'), async (importOriginal) => ({
  ...(await importOriginal()),
  // The report of a found address (POST /rest/user/ip) goes nowhere.
  callApi: vi.fn() as unknown as typeof callApi,
}))

const detect = vi.mocked(detectLocalIp)

beforeEach(() => {
  vi.useFakeTimers()
  detect.mockReset()
})
afterEach(() => vi.useRealTimers())

describe('localIpQueryOptions', () => {
  it('detects again 10 s after a first null, then every minute while nothing is found', async () => {
    detect.mockResolvedValue(null)
    const client = new QueryClient()
    const observer = new QueryObserver(client, localIpQueryOptions())
    const stop = observer.subscribe(() => {})
    try {
      await vi.advanceTimersByTimeAsync(0)
      expect(detect).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(9_999)
      expect(detect).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(detect).toHaveBeenCalledTimes(2) // the slow machine's second chance
      await vi.advanceTimersByTimeAsync(59_999)
      expect(detect).toHaveBeenCalledTimes(2) // a second null in a row: no route, the normal pace
      detect.mockResolvedValue('192.168.1.20')
      await vi.advanceTimersByTimeAsync(1)
      expect(detect).toHaveBeenCalledTimes(3)
      expect(observer.getCurrentResult().data).toBe('192.168.1.20')

      // Lost since (a cable out): a quick second look again.
      detect.mockResolvedValue(null)
      await vi.advanceTimersByTimeAsync(60_000)
      expect(detect).toHaveBeenCalledTimes(4)
      await vi.advanceTimersByTimeAsync(10_000)
      expect(detect).toHaveBeenCalledTimes(5)
    } finally {
      stop()
      client.clear()
    }
  })
})
