import 'fake-indexeddb/auto'
import { endpoints } from '@contract'
import { MantineProvider } from '@mantine/core'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { resetDbForTests, tables, type OutboxRow } from '@/lib/db'
import { randomUuid } from '@/lib/random-id'
import { setToken } from '@/lib/session'
import { apiError, handle } from '../../../../tests/msw/contract.ts'
import { fakeToken } from '../../../../tests/msw/fixtures.ts'
import { resetEngineForTests } from '../engine.ts'
import { OutboxScreen } from './outbox-screen.tsx'

let refuse = true
const sent: string[] = []
const server = setupServer(
  handle(endpoints.rebutAdd, ({ request }) => {
    sent.push(request.headers.get('Idempotency-Key') ?? '')
    return refuse
      ? apiError(409, 'insufficient_stock', 'Stock insuffisant dans A-01.')
      : {
          movement: {
            id: 1,
            product: { sku: 'SKU-1', ean13: '3700000000011', name: 'Tasse' },
            location: 'A-01',
            quantity: 1,
            reason: { id: 1, label: 'Cassé' },
          },
        }
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(async () => {
  resetEngineForTests()
  await resetDbForTests()
  setToken(fakeToken({ username: 'ana' }))
  refuse = true
  sent.length = 0
})
afterEach(() => server.resetHandlers())
afterAll(() => {
  server.close()
  setToken(null)
})

const row = (over: Partial<OutboxRow>): Omit<OutboxRow, 'id'> => ({
  key: randomUuid(),
  kind: 'rebut',
  write: {
    kind: 'rebut',
    shopSlug: 'shop',
    body: { code: 'SKU-1', quantity: 1, location: 'A-01', reason: 1 },
  },
  label: 'Rebut · 1 × SKU-1 de A-01 (Cassé)',
  user: 'ana',
  createdAt: Date.UTC(2026, 10, 23, 9, 30),
  status: 'pending',
  attempts: 0,
  nextAttemptAt: Date.now() + 60_000,
  ...over,
})

function renderScreen(onReopen?: (href: string) => void) {
  render(
    <MantineProvider>
      <OutboxScreen onReopen={onReopen} />
    </MantineProvider>,
  )
  return userEvent.setup()
}

describe('the outbox screen', () => {
  it('says when nothing waits', async () => {
    renderScreen()
    expect(await screen.findByText('Rien en attente : tout a été reçu par le serveur.')).toBeInTheDocument()
  })

  it('lists waiting and refused writes, oldest first, with their error', async () => {
    await tables.outbox().add(
      row({
        label: 'Réception · 1 ligne, 2 articles',
        attempts: 2,
        error: 'Serveur injoignable. Vérifiez la connexion réseau.',
      }) as OutboxRow,
    )
    await tables
      .outbox()
      .add(row({ status: 'failed', error: 'Stock insuffisant dans A-01.', errorStatus: 409 }) as OutboxRow)
    await tables.outbox().add(row({ label: 'Transfert · 1 article A-01 → B-02', user: 'bob' }) as OutboxRow)
    renderScreen()
    const items = await screen.findAllByTestId('outbox-item')
    expect(items.map((i) => within(i).getByText(/·/, { selector: 'p:first-child' }).textContent)).toEqual([
      'Réception · 1 ligne, 2 articles',
      'Rebut · 1 × SKU-1 de A-01 (Cassé)',
      'Transfert · 1 article A-01 → B-02',
    ])
    expect(within(items[0]!).getByText('En attente')).toBeInTheDocument()
    expect(within(items[0]!).getByText(/2 tentatives/)).toBeInTheDocument()
    expect(within(items[1]!).getByText('Refusé')).toBeInTheDocument()
    expect(within(items[1]!).getByText('Stock insuffisant dans A-01.')).toBeInTheDocument()
    expect(within(items[2]!).getByText('Sera envoyé à la prochaine connexion de bob.')).toBeInTheDocument()
  })

  it('retries a refused write, which then leaves the list once the server takes it', async () => {
    await tables
      .outbox()
      .add(row({ status: 'failed', error: 'Stock insuffisant dans A-01.', errorStatus: 409 }) as OutboxRow)
    const user = renderScreen()
    refuse = false
    await user.click(await screen.findByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByText('Rien en attente : tout a été reçu par le serveur.')).toBeInTheDocument()
    expect(sent).toHaveLength(1)
  })

  it('discards a refused write only after a confirmation', async () => {
    await tables
      .outbox()
      .add(row({ status: 'failed', error: 'Stock insuffisant dans A-01.', errorStatus: 409 }) as OutboxRow)
    const user = renderScreen()
    await user.click(await screen.findByRole('button', { name: 'Abandonner' }))
    const dialog = await screen.findByRole('dialog', { name: 'Abandonner cet envoi ?' })
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }))
    expect(await tables.outbox().count()).toBe(1)
    await user.click(screen.getByRole('button', { name: 'Abandonner' }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Abandonner définitivement' }),
    )
    expect(await screen.findByText('Rien en attente : tout a été reçu par le serveur.')).toBeInTheDocument()
    expect(await tables.outbox().count()).toBe(0)
    expect(sent).toHaveLength(0)
  })

  it('opens a refused write in its screen to be corrected, as the main action', async () => {
    const id = (await tables.outbox().add(
      row({
        status: 'failed',
        error: 'Produit inconnu',
        errorStatus: 404,
        fieldErrors: { code: ['Produit inconnu'] },
      }) as OutboxRow,
    )) as number
    const opened: string[] = []
    const user = renderScreen((href) => opened.push(href))
    await user.click(await screen.findByRole('button', { name: 'Corriger' }))
    expect(opened).toEqual([`/shop/shop/rebut?reopen=${id}`])
    // Nothing was sent or dropped: the write waits until its correction replaces it.
    expect(sent).toHaveLength(0)
    expect(await tables.outbox().count()).toBe(1)
  })
})
