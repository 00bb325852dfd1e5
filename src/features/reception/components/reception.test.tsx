import 'fake-indexeddb/auto'
import { colonPath, endpoints } from '@contract'
import { screen, within } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { showToast } from '@/lib/ui/toast'
import { apiError, handle } from '../../../../tests/msw/contract.ts'
import { Reception } from './reception.tsx'
import { renderStockScreen, signedInWithEmptyOutbox } from '../../../../tests/client/stock-screen.tsx'

vi.mock('@/lib/ui/toast', () => ({ showToast: vi.fn() }))

const products = [
  { id: 1, sku: 'SKU-1', ean13: '3700000000011', name: 'Tasse bleue' },
  { id: 2, sku: 'SKU-2', ean13: '3700000000028', name: 'Bol rouge' },
]
const lookups: unknown[] = []
const sent: { slugShop: unknown; body: unknown; key: string | null }[] = []

const server = setupServer(
  handle(endpoints.productInfoInventory, async ({ request }) => {
    const body = (await request.json()) as { code: string; shop: string }
    lookups.push(body)
    const product = products.find((p) => p.sku === body.code || p.ean13 === body.code)
    return product
      ? { product, total: 0, byLocation: [] }
      : apiError(404, 'not_found', `Produit « ${body.code} » introuvable dans cette boutique.`)
  }),
  handle(endpoints.receptionAdd, async ({ request, params }) => {
    const body = (await request.json()) as { lines: { code: string; quantity: number; location: string }[] }
    sent.push({ slugShop: params.slugShop, body, key: request.headers.get('Idempotency-Key') })
    return {
      movements: body.lines.map((l, i) => ({
        id: i + 1,
        product: { sku: l.code, ean13: '', name: l.code },
        location: l.location,
        quantity: l.quantity,
      })),
    }
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
signedInWithEmptyOutbox()
afterEach(() => {
  server.resetHandlers()
  sent.length = 0
  lookups.length = 0
  vi.mocked(showToast).mockClear()
})
afterAll(() => server.close())

const renderScreen = () => renderStockScreen(<Reception shopSlug="shop" />)

type User = ReturnType<typeof userEvent.setup>

async function scanDestination(user: User, name: string) {
  await user.type(screen.getByLabelText('Emplacement de réception'), `${name}{Enter}`)
  expect(await screen.findByText(`Destination : ${name}`)).toBeInTheDocument()
}

const scanProduct = (user: User, code: string) =>
  user.type(screen.getByLabelText('Produit'), `${code}{Enter}`)
const quantityOf = (name: string) => screen.getByRole('button', { name: `Modifier la quantité de ${name}` })

describe('reception', () => {
  it('builds the lines from the destination and the products scanned', async () => {
    const user = renderScreen()
    await scanDestination(user, 'A-01')
    await scanProduct(user, '3700000000011')
    expect(await screen.findByText('Tasse bleue')).toBeInTheDocument()
    await scanProduct(user, 'SKU-2')
    expect(await screen.findByText('Bol rouge')).toBeInTheDocument()
    // The same product again, by its SKU this time: one line, quantity 2, no second lookup.
    await scanProduct(user, 'sku-1')
    expect(quantityOf('Tasse bleue')).toHaveTextContent('2')
    expect(quantityOf('Bol rouge')).toHaveTextContent('1')
    expect(lookups).toEqual([
      { code: '3700000000011', shop: 'shop' },
      { code: 'SKU-2', shop: 'shop' },
    ])
    expect(screen.getByText('2 lignes, 3 articles')).toBeInTheDocument()
    expect(
      screen.getAllByRole('button', { name: /^Changer l’emplacement de/ }).map((b) => b.textContent),
    ).toEqual(['A-01', 'A-01'])
    // Newest first.
    const names = screen
      .getAllByRole('button', { name: /^Supprimer / })
      .map((b) => b.getAttribute('aria-label'))
    expect(names).toEqual(['Supprimer Bol rouge', 'Supprimer Tasse bleue'])
  })

  it('refuses a product scanned before the destination', async () => {
    const user = renderScreen()
    await scanProduct(user, '3700000000011')
    expect(await screen.findByText('Scannez d’abord l’emplacement de réception.')).toBeInTheDocument()
    expect(lookups).toHaveLength(0)
    expect(screen.getByRole('button', { name: 'Valider la réception' })).toBeDisabled()
  })

  it('refuses a product barcode scanned as the destination', async () => {
    const user = renderScreen()
    await user.type(screen.getByLabelText('Emplacement de réception'), '3700000000011{Enter}')
    expect(
      await screen.findByText('« 3700000000011 » est un code produit, pas un emplacement.'),
    ).toBeInTheDocument()
    expect(screen.queryByText(/^Destination :/)).not.toBeInTheDocument()
  })

  it('corrects the quantity with +, −, a typed value, and removes a line', async () => {
    const user = renderScreen()
    await scanDestination(user, 'A-01')
    await scanProduct(user, 'SKU-1')
    await scanProduct(user, 'SKU-2')
    expect(await screen.findByText('Bol rouge')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retirer un Tasse bleue' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Ajouter un Tasse bleue' }))
    await user.click(screen.getByRole('button', { name: 'Ajouter un Tasse bleue' }))
    expect(quantityOf('Tasse bleue')).toHaveTextContent('3')
    await user.click(screen.getByRole('button', { name: 'Retirer un Tasse bleue' }))
    expect(quantityOf('Tasse bleue')).toHaveTextContent('2')

    await user.click(quantityOf('Bol rouge'))
    const input = screen.getByLabelText('Quantité de Bol rouge')
    await user.clear(input)
    await user.type(input, '12{Enter}')
    expect(quantityOf('Bol rouge')).toHaveTextContent('12')
    expect(screen.getByText('2 lignes, 14 articles')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Supprimer Tasse bleue' }))
    expect(screen.queryByText('Tasse bleue')).not.toBeInTheDocument()
    expect(screen.getByText('1 ligne, 12 articles')).toBeInTheDocument()
  })

  it('moves a line to another location, merging it with the same product there', async () => {
    const user = renderScreen()
    await scanDestination(user, 'A-01')
    await scanProduct(user, 'SKU-1')
    await screen.findByText('Tasse bleue')
    await user.click(screen.getByRole('button', { name: 'Changer' }))
    await scanDestination(user, 'B-02')
    await scanProduct(user, 'SKU-1')
    await scanProduct(user, 'SKU-1')
    expect(screen.getAllByRole('button', { name: 'Modifier la quantité de Tasse bleue' })).toHaveLength(2)

    const [atB] = screen.getAllByRole('button', { name: 'Changer l’emplacement de Tasse bleue' })
    expect(atB).toHaveTextContent('B-02')
    await user.click(atB!)
    await user.type(screen.getByLabelText('Nouvel emplacement de Tasse bleue'), 'A-01{Enter}')
    expect(quantityOf('Tasse bleue')).toHaveTextContent('3')
    expect(screen.getByRole('button', { name: 'Changer l’emplacement de Tasse bleue' })).toHaveTextContent(
      'A-01',
    )
  })

  it('sends all the lines in one write with an idempotency key, then resets', async () => {
    const user = renderScreen()
    await scanDestination(user, 'A-01')
    await scanProduct(user, '3700000000011')
    await screen.findByText('Tasse bleue')
    await scanProduct(user, '3700000000011')
    await user.click(screen.getByRole('button', { name: 'Changer' }))
    await scanDestination(user, 'B-02')
    await scanProduct(user, 'SKU-2')
    await screen.findByText('Bol rouge')
    await user.click(screen.getByRole('button', { name: 'Valider la réception' }))

    expect(await screen.findByText('Dernière réception')).toBeInTheDocument()
    expect(screen.getByText('2 lignes, 3 articles')).toBeInTheDocument()
    expect(screen.getByText('Envoyée au serveur.')).toBeInTheDocument()
    expect(sent).toHaveLength(1)
    expect(sent[0]?.slugShop).toBe('shop')
    expect(sent[0]?.body).toEqual({
      lines: [
        { code: 'SKU-1', quantity: 2, location: 'A-01' },
        { code: 'SKU-2', quantity: 1, location: 'B-02' },
      ],
    })
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(showToast).toHaveBeenCalledWith({ color: 'green', message: '3 articles réceptionnés.' })
    expect(screen.queryByText('Tasse bleue')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Valider la réception' })).toBeDisabled()
    // The destination is remembered for the next reception.
    expect(screen.getByText('Destination : B-02')).toBeInTheDocument()
  })

  it("shows the server's refusal and keeps the lines", async () => {
    server.use(
      handle(endpoints.receptionAdd, async ({ request }) => {
        sent.push({ slugShop: null, body: await request.json(), key: request.headers.get('Idempotency-Key') })
        return apiError(409, 'conflict', 'La réception a été refusée.', {
          'lines.1.location': ['Emplacement « Z-99 » inconnu'],
        })
      }),
    )
    const user = renderScreen()
    await scanDestination(user, 'A-01')
    await scanProduct(user, 'SKU-1')
    await screen.findByText('Tasse bleue')
    await user.click(screen.getByRole('button', { name: 'Changer' }))
    await scanDestination(user, 'Z-99')
    await scanProduct(user, 'SKU-2')
    await screen.findByText('Bol rouge')
    await user.click(screen.getByRole('button', { name: 'Valider la réception' }))

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('La réception a été refusée.')
    expect(within(alert).getByText('Bol rouge (Z-99) : Emplacement « Z-99 » inconnu')).toBeInTheDocument()
    expect(screen.getByText('Tasse bleue')).toBeInTheDocument()
    expect(screen.getByText('2 lignes, 2 articles')).toBeInTheDocument()
    expect(screen.queryByText('Dernière réception')).not.toBeInTheDocument()
    expect(showToast).not.toHaveBeenCalled()

    // A correction clears the refusal.
    await user.click(screen.getByRole('button', { name: 'Supprimer Bol rouge' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows a validation refusal (400) with its field errors', async () => {
    server.use(
      handle(endpoints.receptionAdd, () =>
        apiError(400, 'invalid_request', 'La demande est invalide.', {
          lines: ['Au plus 200 lignes par réception'],
        }),
      ),
    )
    const user = renderScreen()
    await scanDestination(user, 'A-01')
    await scanProduct(user, 'SKU-1')
    await screen.findByText('Tasse bleue')
    await user.click(screen.getByRole('button', { name: 'Valider la réception' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('La demande est invalide.')
    expect(alert).toHaveTextContent('Au plus 200 lignes par réception')
    expect(screen.getByText('Tasse bleue')).toBeInTheDocument()
  })

  it('keeps the write on the device when it cannot be sent, and says so', async () => {
    // The real outbox, with a server that gives no answer: the write stays on the device.
    server.use(handle(endpoints.receptionAdd, () => HttpResponse.error()))
    const user = renderScreen()
    await scanDestination(user, 'A-01')
    await scanProduct(user, 'SKU-1')
    await screen.findByText('Tasse bleue')
    await user.click(screen.getByRole('button', { name: 'Valider la réception' }))
    expect(await screen.findByText('Dernière réception')).toBeInTheDocument()
    expect(screen.getByText('En attente d’envoi : elle partira dès le retour du réseau.')).toBeInTheDocument()
    expect(showToast).toHaveBeenCalledWith({
      color: 'orange',
      message: 'Réception enregistrée sur l’appareil : elle sera envoyée dès le retour du réseau.',
    })
    expect(screen.queryByText('Tasse bleue')).not.toBeInTheDocument()
  })

  it('shows the lookup refusal next to the product field and adds nothing', async () => {
    const user = renderScreen()
    await scanDestination(user, 'A-01')
    await scanProduct(user, 'SKU-9')
    expect(await screen.findByText('Produit « SKU-9 » introuvable dans cette boutique.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Supprimer / })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Valider la réception' })).toBeDisabled()
  })

  it('adds an unverified line when the product cannot be checked (offline or server failure)', async () => {
    // No answer at all (HttpResponse.error() is a plain Response: `handle` would send it as JSON).
    server.use(http.post(`*${colonPath(endpoints.productInfoInventory.path)}`, () => HttpResponse.error()))
    const user = renderScreen()
    await scanDestination(user, 'A-01')
    await scanProduct(user, '3700000000099')
    expect(await screen.findByText('Produit non vérifié (hors ligne)')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Supprimer 3700000000099' })).toBeInTheDocument()
    await scanProduct(user, '3700000000099')
    expect(quantityOf('3700000000099')).toHaveTextContent('2')

    server.use(
      handle(endpoints.productInfoInventory, () => apiError(503, 'unavailable', 'Service indisponible')),
    )
    await scanProduct(user, 'SKU-7')
    expect(await screen.findByRole('button', { name: 'Supprimer SKU-7' })).toBeInTheDocument()
    expect(screen.getAllByText('Produit non vérifié (hors ligne)')).toHaveLength(2)

    await user.click(screen.getByRole('button', { name: 'Valider la réception' }))
    expect(await screen.findByText('Dernière réception')).toBeInTheDocument()
    expect(sent[0]?.body).toEqual({
      lines: [
        { code: '3700000000099', quantity: 2, location: 'A-01' },
        { code: 'SKU-7', quantity: 1, location: 'A-01' },
      ],
    })
  })

  it('asks for a second tap before clearing the list', async () => {
    const user = renderScreen()
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeDisabled()
    await scanDestination(user, 'A-01')
    await scanProduct(user, 'SKU-1')
    await screen.findByText('Tasse bleue')
    await user.click(screen.getByRole('button', { name: 'Annuler' }))
    expect(screen.getByText('Tasse bleue')).toBeInTheDocument()
    expect(screen.getByText('Toucher encore pour effacer 1 ligne.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Confirmer l’annulation' }))
    expect(screen.queryByText('Tasse bleue')).not.toBeInTheDocument()
    expect(sent).toHaveLength(0)
  })
})
