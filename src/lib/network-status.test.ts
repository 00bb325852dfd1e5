// @vitest-environment jsdom
/** What the app calls 'online': callApi's outcomes and the probe, through the real modules. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// A public call with no body nor answer to check: only its outcome matters here.
const call = {
  method: 'GET',
  path: '/rest/setup/status',
  auth: 'public',
  bodyType: 'none',
  responseType: 'none',
  response: { safeParse: (data: unknown) => ({ success: true as const, data }) },
} as const

let fetchMock: ReturnType<typeof vi.fn>
const answer = (status: number) => fetchMock.mockResolvedValueOnce(new Response(null, { status }))
const noAnswer = () => fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))

/** Fresh modules for each test: the state is the module's. */
async function load() {
  vi.resetModules()
  const status = await import('./network-status.ts')
  const http = await import('./http.ts')
  const callApi = (signal?: AbortSignal) =>
    http.callApi(call as unknown as Parameters<typeof http.callApi>[0], { signal }).catch(() => undefined)
  return { ...status, callApi }
}

beforeEach(() => {
  fetchMock = vi.fn()
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('callApi and the online state', () => {
  it('any answer, even a 4xx or 5xx, is online; no answer is offline', async () => {
    const { callApi, isServerReachable } = await load()
    noAnswer()
    await callApi()
    expect(isServerReachable()).toBe(false)
    answer(503)
    await callApi()
    expect(isServerReachable()).toBe(true)
    noAnswer()
    await callApi()
    answer(404)
    await callApi()
    expect(isServerReachable()).toBe(true)
  })

  it('a timeout is no answer; a caller leaving (its own abort) says nothing', async () => {
    const { callApi, isServerReachable } = await load()
    const aborted = (reason: DOMException) => {
      const controller = new AbortController()
      controller.abort(reason)
      fetchMock.mockRejectedValueOnce(reason)
      return controller.signal
    }
    await callApi(aborted(new DOMException('left', 'AbortError')))
    expect(isServerReachable()).toBe(true)
    await callApi(aborted(new DOMException('slow', 'TimeoutError')))
    expect(isServerReachable()).toBe(false)
  })

  it('stays online when the browser says offline but the server answers (Wi-Fi without internet)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const { subscribeReachable, isServerReachable, callApi } = await load()
    answer(200) // the probe the hint asks for
    const stop = subscribeReachable(() => {})
    window.dispatchEvent(new Event('offline'))
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled())
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url).toMatch(/\/rest\/openapi\.json$/)
    expect(init).toMatchObject({ method: 'HEAD', cache: 'no-store' })
    await new Promise((resolve) => setTimeout(resolve, 0)) // the probe's answer is in
    expect(isServerReachable()).toBe(true)
    // Then a call with no answer: offline, whatever the browser says.
    noAnswer()
    await callApi()
    expect(isServerReachable()).toBe(false)
    stop()
  })

  it('once offline, asks the server every few seconds and is online again at its first answer', async () => {
    vi.useFakeTimers()
    const { subscribeReachable, isServerReachable, callApi, PROBE_EVERY_MS } = await load()
    const changes: boolean[] = []
    const stop = subscribeReachable(() => changes.push(isServerReachable()))
    noAnswer()
    await callApi()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    noAnswer()
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(isServerReachable()).toBe(false)
    answer(200)
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS)
    expect(fetchMock).toHaveBeenCalledTimes(3)
    expect(isServerReachable()).toBe(true)
    // Back online: no more probes.
    await vi.advanceTimersByTimeAsync(PROBE_EVERY_MS * 3)
    expect(fetchMock).toHaveBeenCalledTimes(3)
    expect(changes).toEqual([false, true])
    stop()
  })
})
