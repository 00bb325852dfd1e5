import 'fake-indexeddb/auto'
import { endpoints } from '@contract'
import { screen } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { resetDbForTests, tables } from '@/lib/db'
import { setToken } from '@/lib/session'
import { apiError, handle } from '../../../../tests/msw/contract.ts'
import { renderWithRouter } from '../../../../tests/client/render-with-router.tsx'
import { fakeToken } from '../../../../tests/msw/fixtures.ts'
import { Transfer } from './transfer.tsx'

const shop = { slug: 'shop', name: 'Boutique' }
const stock = [
  { sku: 'SKU-1', ean13: '3700000000011', name: 'Tasse bleue', shop, quantity: 2 },
  { sku: 'SKU-2', ean13: '3700000000028', name: 'Bol rouge', shop, quantity: 5 },
]
const sent: { body: unknown; key: string | null }[] = []

const server = setupServer(
  handle(endpoints.locationInformation, ({ params }) =>
    params.locationName === 'A-01'
      ? { name: 'A-01', stock }
      : apiError(404, 'not_found', 'Emplacement introuvable'),
  ),
  handle(endpoints.warehouseTransfer, async ({ request }) => {
    sent.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') })
    return { movements: [] }
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(async () => {
  await resetDbForTests()
  setToken(fakeToken({ username: 'ana' }))
})
afterEach(() => {
  server.resetHandlers()
  sent.length = 0
})
afterAll(() => {
  server.close()
  setToken(null)
})

async function renderScreen() {
  const user = renderWithRouter(() => <Transfer />)
  await screen.findByLabelText('Emplacement source')
  return user
}

async function loadSource(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Emplacement source'), 'A-01{Enter}')
  // The source's content links to its location information.
  expect(await screen.findByRole('link', { name: 'Contenu de A-01' })).toHaveAttribute(
    'href',
    '/warehouse/location-information?name=A-01',
  )
}

describe('transfer', () => {
  it('sends the scanned lines with an idempotency key, then resets', async () => {
    const user = await renderScreen()
    await loadSource(user)
    await user.type(screen.getByLabelText('Produit'), '3700000000011{Enter}')
    await user.type(screen.getByLabelText('Produit'), 'SKU-2{Enter}')
    await user.click(await screen.findByRole('button', { name: 'Ajouter un Bol rouge' }))
    await user.type(screen.getByLabelText('Emplacement destination'), 'B-02{Enter}')
    await user.click(await screen.findByRole('button', { name: 'Valider le transfert' }))
    expect(await screen.findByText('Dernier transfert')).toBeInTheDocument()
    expect(screen.getByText('3 articles transférés de A-01 vers B-02.')).toBeInTheDocument()
    expect(sent).toHaveLength(1)
    expect(sent[0]?.body).toEqual({
      from: 'A-01',
      to: 'B-02',
      lines: [
        { code: 'SKU-1', quantity: 1 },
        { code: 'SKU-2', quantity: 2 },
      ],
    })
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(screen.getByLabelText('Emplacement source')).toBeInTheDocument()
  })

  it('says so when the source location is unknown', async () => {
    const user = await renderScreen()
    await user.type(screen.getByLabelText('Emplacement source'), 'Z-99{Enter}')
    expect(await screen.findByText("L'emplacement « Z-99 » est inconnu.")).toBeInTheDocument()
  })

  it('refuses a product barcode scanned as a location', async () => {
    const user = await renderScreen()
    await user.type(screen.getByLabelText('Emplacement source'), '3760010000014{Enter}')
    expect(await screen.findByText('« 3760010000014 » est un code produit, pas un emplacement.')).toBeInTheDocument()
    await loadSource(user)
    await user.type(screen.getByLabelText('Produit'), 'SKU-1{Enter}')
    await user.type(screen.getByLabelText('Emplacement destination'), '3760010000014{Enter}')
    expect(await screen.findByText('« 3760010000014 » est un code produit, pas un emplacement.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Valider le transfert' })).toBeDisabled()
  })

  it('refuses a product that is not in the source', async () => {
    const user = await renderScreen()
    await loadSource(user)
    await user.type(screen.getByLabelText('Produit'), 'SKU-9{Enter}')
    expect(await screen.findByText("Le produit « SKU-9 » n'est pas dans A-01.")).toBeInTheDocument()
  })

  it('caps the quantity at what the source holds and refuses the same destination', async () => {
    const user = await renderScreen()
    await loadSource(user)
    for (let i = 0; i < 3; i++) await user.type(screen.getByLabelText('Produit'), 'SKU-1{Enter}')
    expect(await screen.findByText("Tasse bleue : au plus 2 dans l'emplacement source.")).toBeInTheDocument()
    expect(screen.getByTestId('qty-SKU-1')).toHaveTextContent('2')
    await user.click(screen.getByRole('button', { name: 'Ajouter un Tasse bleue' }))
    expect(screen.getByTestId('qty-SKU-1')).toHaveTextContent('2')
    await user.type(screen.getByLabelText('Emplacement destination'), 'A-01{Enter}')
    expect(
      await screen.findByText("La destination doit être différente de l'emplacement source."),
    ).toBeInTheDocument()
  })

  it("shows the server's refusal and moves everything with 'Tout le contenu'", async () => {
    server.use(
      handle(endpoints.warehouseTransfer, async ({ request }) => {
        sent.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') })
        return apiError(409, 'insufficient_stock', 'Stock insuffisant dans A-01.')
      }),
    )
    const user = await renderScreen()
    await loadSource(user)
    await user.click(screen.getByRole('button', { name: 'Tout le contenu' }))
    await user.type(screen.getByLabelText('Emplacement destination'), 'B-02{Enter}')
    await user.click(await screen.findByRole('button', { name: 'Valider le transfert' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Stock insuffisant dans A-01.')
    expect(sent[0]?.body).toEqual({ from: 'A-01', to: 'B-02', all: true })
    expect(screen.getByText('Contenu de A-01')).toBeInTheDocument()
  })

  it('works without network: the source is taken unread and the transfer is kept on the device', async () => {
    server.use(
      handle(endpoints.locationInformation, () => HttpResponse.error()),
      handle(endpoints.warehouseTransfer, () => HttpResponse.error()),
    )
    const user = await renderScreen()
    await user.type(screen.getByLabelText('Emplacement source'), 'A-01{Enter}')
    expect(await screen.findByText(/Contenu non vérifié \(hors ligne\)/)).toBeInTheDocument()
    for (let i = 0; i < 3; i++) await user.type(screen.getByLabelText('Produit'), 'SKU-7{Enter}')
    expect(screen.getByTestId('qty-SKU-7')).toHaveTextContent('3')
    await user.type(screen.getByLabelText('Emplacement destination'), 'B-02{Enter}')
    await user.click(await screen.findByRole('button', { name: 'Valider le transfert' }))
    expect(await screen.findByText("En attente d'envoi (voir « Envois en attente »).")).toBeInTheDocument()
    const [item] = await tables.outbox().toArray()
    expect(item).toMatchObject({
      kind: 'transfer',
      status: 'pending',
      label: 'Transfert · 3 articles A-01 → B-02',
      write: { kind: 'transfer', body: { from: 'A-01', to: 'B-02', lines: [{ code: 'SKU-7', quantity: 3 }] } },
    })
  })
})
