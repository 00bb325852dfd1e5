import 'fake-indexeddb/auto'
import { endpoints } from '@contract'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import { setupServer } from 'msw/node'
import type { ReactNode } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { signedInWithEmptyOutbox } from '../../../tests/client/stock-screen.tsx'
import { handle } from '../../../tests/msw/contract.ts'
import { useStockWrite } from './use-stock-write.ts'

const keys: string[] = []
const server = setupServer(
  handle(endpoints.warehouseTransfer, ({ request }) => {
    keys.push(request.headers.get('Idempotency-Key') ?? '')
    return { movements: [] }
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())
signedInWithEmptyOutbox()

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
)
const input = {
  write: { kind: 'transfer' as const, body: { from: 'A-01', to: 'B-01', all: true } },
  label: 'T',
}

describe('useStockWrite', () => {
  it('makes one write of an Enter and a tap in the same instant', async () => {
    const { result } = renderHook(() => useStockWrite<'transfer'>(), { wrapper })
    let answers: unknown[] = []
    await act(async () => {
      answers = await Promise.all([result.current.submit(input), result.current.submit(input)])
    })
    expect(answers).toEqual([{ status: 'sent', response: { movements: [] } }, null])
    expect(keys).toHaveLength(1)
    // Once answered, the next validation is a new write.
    await act(async () => {
      await result.current.submit(input)
    })
    expect(keys).toHaveLength(2)
  })
})
