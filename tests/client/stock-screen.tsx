/** What the tests of the stock screens share: a signed-in user with an empty outbox, and a render. */
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { afterAll, beforeEach } from 'vitest'
import { resetDbForTests } from '@/lib/db'
import { setToken } from '@/lib/session'
import { fakeToken } from '../msw/fixtures.ts'
import { scannerEndsWithEnter } from './scanner.ts'
import { resetEngineForTests } from '@/features/outbox/engine'

/**
 * Before each test: an empty IndexedDB and a signed-in user, since the outbox stores each write
 * under the signed-in user before sending it. Import 'fake-indexeddb/auto' first in the test file.
 */
export function signedInWithEmptyOutbox(username = 'ana'): void {
  beforeEach(async () => {
    // A drain an earlier test left waiting (its answer never came once the test ended) would hold
    // the engine's one drain, and this test's writes would wait behind it forever.
    resetEngineForTests()
    await resetDbForTests()
    setToken(fakeToken({ username }))
  })
  afterAll(() => setToken(null))
}

/** The screen in Mantine and a fresh query client that does not retry. */
export function renderStockScreen(ui: ReactElement) {
  scannerEndsWithEnter()
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        {ui}
      </QueryClientProvider>
    </MantineProvider>,
  )
  return userEvent.setup()
}
