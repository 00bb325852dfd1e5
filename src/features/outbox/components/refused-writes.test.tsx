import 'fake-indexeddb/auto'
import { MantineProvider } from '@mantine/core'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetDbForTests, tables, type OutboxRow } from '@/lib/db'
import { setToken } from '@/lib/session'
import { fakeToken } from '../../../../tests/msw/fixtures.ts'
import { resetEngineForTests } from '../engine.ts'
import { RefusedWrites, type TakeBackFlow } from './refused-writes.tsx'

beforeEach(async () => {
  resetEngineForTests()
  await resetDbForTests()
  setToken(fakeToken({ username: 'ana' }))
})
afterAll(() => setToken(null))

let key = 0
/** A reception of shop `shop` in the outbox: refused (404) unless `status` says otherwise. */
const reception = (shop: string, label: string, over: Partial<OutboxRow> = {}) =>
  tables.outbox().add({
    key: `k-${(key += 1)}`,
    kind: 'reception',
    label,
    user: 'ana',
    createdAt: Date.now(),
    attempts: 1,
    nextAttemptAt: 0,
    write: {
      kind: 'reception',
      shopSlug: shop,
      body: { lines: [{ code: 'SKU-1', quantity: 2, location: 'A-01' }] },
    },
    status: 'failed',
    error: 'Emplacement « A-01 » inconnu.',
    errorStatus: 404,
    ...over,
  } as never) as Promise<number>

function renderCard(props: { correcting?: number | null; busy?: string | null } = {}) {
  const flow: TakeBackFlow<string> = { run: (task) => task(), dispatch: vi.fn(), refocus: vi.fn() }
  const reopen = vi.fn(async (id: number) => `reopened ${id}`)
  render(
    <MantineProvider>
      <RefusedWrites
        kind="reception"
        shopSlug="shop-a"
        correcting={props.correcting ?? null}
        busy={props.busy ?? null}
        reopen={reopen}
        flow={flow}
      />
    </MantineProvider>,
  )
  return { flow, reopen, user: userEvent.setup() }
}

describe('RefusedWrites: the refused offline writes of a screen, on that screen (issue 31)', () => {
  it("shows this shop's refused writes only, with why; 'Reprendre' puts one back in the screen's draft", async () => {
    const refused = await reception('shop-a', 'Réception · 1 ligne, 2 articles')
    await reception('shop-b', 'Réception de B')
    await reception('shop-a', 'Réception en attente', { status: 'pending', error: undefined })
    await reception('shop-a', 'Réception de Léa', { user: 'lea' })
    const { flow, reopen, user } = renderCard()

    const card = await screen.findByTestId('refused-writes')
    expect(
      within(card).getByText('Refusé par le serveur : Réception · 1 ligne, 2 articles'),
    ).toBeInTheDocument()
    expect(within(card).getByText('Emplacement « A-01 » inconnu.')).toBeInTheDocument()
    expect(
      within(card).getByText('Reprenez-le pour le corriger et le renvoyer, ou abandonnez-le.'),
    ).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: /^Reprendre/ })).toHaveLength(1)

    await user.click(screen.getByRole('button', { name: 'Reprendre « Réception · 1 ligne, 2 articles »' }))
    await waitFor(() => expect(flow.dispatch).toHaveBeenCalledWith(`reopened ${refused}`))
    expect(reopen).toHaveBeenCalledWith(refused)
    expect(flow.refocus).toHaveBeenCalled()
  })

  it('hides the write the screen is correcting (its draft shows it), not the others', async () => {
    const correcting = await reception('shop-a', 'Réception · 1 ligne, 2 articles')
    await reception('shop-a', 'Réception · 3 lignes, 9 articles')
    renderCard({ correcting })
    const card = await screen.findByTestId('refused-writes')
    expect(
      within(card).getByText('Refusé par le serveur : Réception · 3 lignes, 9 articles'),
    ).toBeInTheDocument()
    expect(
      within(card).queryByText('Refusé par le serveur : Réception · 1 ligne, 2 articles'),
    ).not.toBeInTheDocument()
  })

  it('while work is in progress: says so, offers only to abandon; abandoning (confirmed) takes it out of the outbox', async () => {
    const refused = await reception('shop-a', 'Réception · 1 ligne, 2 articles')
    const { user } = renderCard({ busy: 'Une réception est déjà en cours.' })
    const card = await screen.findByTestId('refused-writes')
    expect(within(card).getByText('Une réception est déjà en cours.')).toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: /^Reprendre/ })).not.toBeInTheDocument()
    await user.click(
      within(card).getByRole('button', { name: 'Abandonner « Réception · 1 ligne, 2 articles »' }),
    )
    await user.click(within(card).getByRole('button', { name: 'Abandonner définitivement' }))
    await waitFor(() => expect(screen.queryByTestId('refused-writes')).not.toBeInTheDocument())
    expect(await tables.outbox().get(refused)).toBeUndefined()
  })
})
