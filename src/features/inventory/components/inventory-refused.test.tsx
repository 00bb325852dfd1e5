import 'fake-indexeddb/auto'
import { endpoints } from '@contract'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { sendQueuedNow } from '@/features/outbox'
import { tables } from '@/lib/db'
import { apiError, handle } from '../../../../tests/msw/contract.ts'
import { writeBody } from '../../../../tests/msw/stock-write.ts'
import { renderStockScreen, signedInWithEmptyOutbox } from '../../../../tests/client/stock-screen.tsx'
import { typeScan } from '../../../../tests/client/scanner.ts'
import { Inventory } from './inventory.tsx'

vi.mock('@/lib/ui/toast', () => ({ showToast: vi.fn() }))

/**
 * Issue 31: a count made offline and refused later, when the outbox replayed it, is a card on the
 * Inventaire screen (not only the header's badge), and its counts come back in the form to fix.
 */
const stock = [
  {
    sku: 'SKU-1',
    ean13: '3700000000013',
    name: 'Tasse bleue',
    shop: { slug: 'shop', name: 'Boutique' },
    quantity: 3,
  },
]
const sent: unknown[] = []
const server = setupServer(
  handle(endpoints.locationInformation, ({ params }) => ({ name: String(params.locationName), stock })),
  // Offline: the count waits in the outbox.
  handle(endpoints.inventoryCount, () => HttpResponse.error()),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
signedInWithEmptyOutbox()
afterEach(() => {
  server.resetHandlers()
  sent.length = 0
})
afterAll(() => server.close())

const LABEL = 'Inventaire A-01 · 2 lignes, 4 articles'
const quantityOf = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^Modifier la quantité de ${name} : \\d+$`) })
const lineOf = (name: string) =>
  screen.getAllByTestId('flow-line').find((el) => within(el).queryByText(name))!

/** Counts A-01 offline (3 × Tasse bleue and an unknown code), then the server refuses it on replay. */
async function countRefusedOnReplay() {
  const user = renderStockScreen(<Inventory />)
  await typeScan(screen.getByLabelText('Emplacement à compter'), 'A-01')
  await screen.findByText(/^Emplacement : A-01/)
  for (const code of ['SKU-1', 'SKU-1', 'SKU-1', 'SKU-9'])
    await typeScan(screen.getByLabelText('Produit'), code)
  await waitFor(() => expect(quantityOf('Tasse bleue')).toHaveTextContent('3'))
  await screen.findByText('SKU-9')
  await user.click(screen.getByRole('button', { name: 'Valider l’inventaire' }))
  expect(await screen.findByText('en attente d’envoi')).toBeInTheDocument()
  expect(screen.queryByTestId('refused-writes')).not.toBeInTheDocument()

  server.use(
    handle(endpoints.inventoryCount, async ({ request }) => {
      sent.push(await writeBody(request))
      return apiError(404, 'not_found', 'Inventaire refusé : un produit est inconnu.', {
        'counts.1.code': ['Produit « SKU-9 » inconnu'],
      })
    }),
  )
  await sendQueuedNow()
  const card = await screen.findByTestId('refused-writes')
  expect(within(card).getByText(`Refusé par le serveur : ${LABEL}`)).toBeInTheDocument()
  expect(within(card).getByText('Inventaire refusé : un produit est inconnu.')).toBeInTheDocument()
  return { user, card }
}

describe('inventory: a count refused on replay', { timeout: 20_000 }, () => {
  it('is a card on the screen; taken back, its counts return with the refused line marked, and the fix replaces it', async () => {
    const { user, card } = await countRefusedOnReplay()
    await user.click(within(card).getByRole('button', { name: `Reprendre « ${LABEL} »` }))

    await waitFor(() => expect(quantityOf('Tasse bleue')).toHaveTextContent('3'))
    expect(screen.getByText(/^Emplacement : A-01/)).toBeInTheDocument()
    expect(within(lineOf('SKU-9')).getByText('Produit « SKU-9 » inconnu')).toBeInTheDocument()
    // Being corrected: the form shows it, the card no longer does.
    expect(screen.queryByTestId('refused-writes')).not.toBeInTheDocument()

    server.use(
      handle(endpoints.inventoryCount, async ({ request }) => {
        const body = await writeBody<{ counts: { code: string; quantity: number }[] }>(request)
        sent.push(body)
        return { adjustments: body.counts.map((c) => ({ sku: c.code, before: 3, after: c.quantity })) }
      }),
    )
    await user.click(screen.getByRole('button', { name: 'Supprimer SKU-9' }))
    await user.click(screen.getByRole('button', { name: 'Valider l’inventaire' }))
    expect(await screen.findByText('A-01 : conforme (1 produit)')).toBeInTheDocument()
    expect(sent.at(-1)).toEqual({ location: 'A-01', counts: [{ code: 'SKU-1', quantity: 3 }] })
    // The refused write left the outbox with the correction's sending: nothing is left to refuse.
    await waitFor(async () => expect(await tables.outbox().count()).toBe(0))
    expect(screen.queryByTestId('refused-writes')).not.toBeInTheDocument()
  })

  it('is dismissed with a confirmation: the write leaves the outbox, nothing is sent', async () => {
    const { user, card } = await countRefusedOnReplay()
    const attempts = sent.length
    await user.click(within(card).getByRole('button', { name: `Abandonner « ${LABEL} »` }))
    expect(within(card).getByText(/ne sera jamais envoyé/)).toBeInTheDocument()
    // 'Garder' keeps it.
    await user.click(within(card).getByRole('button', { name: 'Garder' }))
    expect(within(card).getByRole('button', { name: `Reprendre « ${LABEL} »` })).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: `Abandonner « ${LABEL} »` }))
    await user.click(within(card).getByRole('button', { name: 'Abandonner définitivement' }))
    await waitFor(() => expect(screen.queryByTestId('refused-writes')).not.toBeInTheDocument())
    expect(await tables.outbox().count()).toBe(0)
    expect(sent).toHaveLength(attempts)
  })

  it('waits for the count in progress before it is taken back, and says so', async () => {
    await countRefusedOnReplay()
    await typeScan(screen.getByLabelText('Emplacement à compter'), 'A-01')
    await typeScan(await screen.findByLabelText('Produit'), 'SKU-1')
    const card = screen.getByTestId('refused-writes')
    expect(
      await within(card).findByText(/Un inventaire est déjà en cours : validez-le ou annulez-le/),
    ).toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: /^Reprendre/ })).not.toBeInTheDocument()
    expect(within(card).getByRole('button', { name: `Abandonner « ${LABEL} »` })).toBeInTheDocument()
  })
})
