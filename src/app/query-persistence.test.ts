// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setToken } from '@/lib/session'
import { fakeToken } from '../../tests/msw/fixtures.ts'
import { PERSISTED_CACHE_KEY, persistQueries } from './query-persistence.ts'

const access = { warehouse: { roles: ['Reception'] }, shops: [], debug: false }

/** A first app start that loads data and lets the persister save it (throttled by 1 s). */
async function firstStart(data: Record<string, unknown>) {
  const client = new QueryClient()
  await persistQueries(client)
  for (const [key, value] of Object.entries(data)) client.setQueryData([key], value)
  await vi.advanceTimersByTimeAsync(1500)
  return client
}

beforeEach(() => {
  vi.useFakeTimers()
  localStorage.clear()
  setToken(fakeToken({ username: 'ana' }))
})
afterEach(() => {
  vi.useRealTimers()
  setToken(null)
})

describe('the kept query cache', () => {
  it('brings back the access profile and the reference lists at the next start, and nothing else', async () => {
    await firstStart({ access, 'rebut-reasons': [{ id: 1, label: 'Cassé' }], 'stock-info': { total: 3 } })
    const next = new QueryClient()
    await persistQueries(next)
    expect(next.getQueryData(['access'])).toEqual(access)
    expect(next.getQueryData(['rebut-reasons'])).toEqual([{ id: 1, label: 'Cassé' }])
    expect(next.getQueryData(['stock-info'])).toBeUndefined()
  })

  it("keeps the return screen's reference lists (origins, wait and scrap reasons) for offline use", async () => {
    const client = new QueryClient()
    await persistQueries(client)
    const origins = [{ id: 1, label: 'Retour client' }]
    client.setQueryData(['return-reasons', 'origins'], origins)
    client.setQueryData(['order-return', 'detail', 'ML-0042'], { order: {} })
    await vi.advanceTimersByTimeAsync(1500)
    const next = new QueryClient()
    await persistQueries(next)
    expect(next.getQueryData(['return-reasons', 'origins'])).toEqual(origins)
    expect(next.getQueryData(['order-return', 'detail', 'ML-0042'])).toBeUndefined()
  })

  it("keeps today's figures, which the home screen shows dated when it starts offline", async () => {
    const today = { date: '2025-07-01', at: '2025-07-01T12:30:00.000Z' }
    await firstStart({ statistics: today })
    const next = new QueryClient()
    await persistQueries(next)
    expect(next.getQueryData(['statistics'])).toEqual(today)
  })

  it('is dropped when the app starts without a signed-in user', async () => {
    await firstStart({ access })
    expect(localStorage.getItem(PERSISTED_CACHE_KEY)).not.toBeNull()
    setToken(null)
    const next = new QueryClient()
    await persistQueries(next)
    expect(next.getQueryData(['access'])).toBeUndefined()
    expect(localStorage.getItem(PERSISTED_CACHE_KEY)).toBeNull()
  })

  it('is emptied with the query cache when the user signs out', async () => {
    const client = await firstStart({ access })
    client.clear()
    await vi.advanceTimersByTimeAsync(1500)
    const next = new QueryClient()
    await persistQueries(next)
    expect(next.getQueryData(['access'])).toBeUndefined()
  })
})
