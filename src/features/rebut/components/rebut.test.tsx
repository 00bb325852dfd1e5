import 'fake-indexeddb/auto'
import { colonPath, endpoints } from '@contract'
import { screen } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { showToast } from '@/lib/ui/toast'
import { apiError, handle } from '../../../../tests/msw/contract.ts'
import { Rebut } from './rebut.tsx'
import { renderStockScreen, signedInWithEmptyOutbox } from '../../../../tests/client/stock-screen.tsx'

vi.mock('@/lib/ui/toast', () => ({ showToast: vi.fn() }))

const shop = { slug: 'shop', name: 'Boutique' }
const other = { slug: 'other', name: 'Autre boutique' }
const stock = [
  { sku: 'SKU-1', ean13: '3700000000011', name: 'Tasse bleue', shop, quantity: 2 },
  { sku: 'SKU-2', ean13: '3700000000028', name: 'Bol rouge', shop, quantity: 5 },
  { sku: 'SKU-3', ean13: '3700000000035', name: 'Vase vert', shop: other, quantity: 4 },
]
const reasons = [
  { id: 1, label: 'Cassé' },
  { id: 2, label: 'Périmé' },
]
const sent: { slugShop: unknown; body: unknown; key: string | null }[] = []

const server = setupServer(
  handle(endpoints.rebutReasonList, () => reasons),
  handle(endpoints.locationInformation, ({ params }) =>
    params.locationName === 'A-01' ? { name: 'A-01', stock } : apiError(404, 'not_found', 'Emplacement introuvable'),
  ),
  handle(endpoints.rebutAdd, async ({ request, params }) => {
    const body = (await request.json()) as { code: string; quantity: number; location: string; reason: number }
    sent.push({ slugShop: params.slugShop, body, key: request.headers.get('Idempotency-Key') })
    return {
      movement: {
        id: 1,
        product: { sku: body.code, ean13: '', name: body.code },
        location: body.location,
        quantity: body.quantity,
        reason: reasons.find((r) => r.id === body.reason) ?? { id: body.reason, label: '?' },
      },
    }
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
signedInWithEmptyOutbox()
afterEach(() => {
  server.resetHandlers()
  sent.length = 0
  vi.mocked(showToast).mockClear()
})
afterAll(() => server.close())

const renderScreen = () => renderStockScreen(<Rebut shopSlug="shop" />)

type User = ReturnType<typeof userEvent.setup>

async function scanLocation(user: User, name = 'A-01') {
  await user.type(screen.getByLabelText('Emplacement source'), `${name}{Enter}`)
}

async function scanProduct(user: User, code: string) {
  await user.type(screen.getByLabelText('Produit'), `${code}{Enter}`)
}

const validate = () => screen.getByRole('button', { name: 'Valider le rebut' })

describe('rebut', () => {
  it("lists the reasons and only this shop's products of the location", async () => {
    const user = renderScreen()
    await scanLocation(user)
    expect(await screen.findByText('Contenu de A-01')).toBeInTheDocument()
    expect(screen.getByText('Tasse bleue')).toBeInTheDocument()
    expect(screen.getByText('Bol rouge')).toBeInTheDocument()
    expect(screen.queryByText('Vase vert')).not.toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Cassé' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Périmé' })).toBeInTheDocument()
    expect(validate()).toBeDisabled()
  })

  it('says so when the location is unknown', async () => {
    const user = renderScreen()
    await scanLocation(user, 'Z-99')
    expect(await screen.findByText("L'emplacement « Z-99 » est inconnu.")).toBeInTheDocument()
  })

  it('sends one scrap with an idempotency key, keeps the location and the reason', async () => {
    const user = renderScreen()
    await scanLocation(user)
    await screen.findByText('Contenu de A-01')
    await scanProduct(user, '3700000000028')
    await scanProduct(user, 'SKU-2')
    expect(screen.getByLabelText('Quantité')).toHaveValue('2')
    expect(validate()).toBeDisabled()
    await user.click(await screen.findByRole('button', { name: 'Cassé' }))
    expect(validate()).toBeEnabled()
    await user.click(validate())

    expect(await screen.findByText('Derniers rebuts')).toBeInTheDocument()
    expect(sent).toHaveLength(1)
    expect(sent[0]?.slugShop).toBe('shop')
    expect(sent[0]?.body).toEqual({ code: 'SKU-2', quantity: 2, location: 'A-01', reason: 1 })
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(showToast).toHaveBeenCalledWith({ color: 'green', message: '2 articles mis au rebut depuis A-01.' })
    expect(screen.getByText('2 × Bol rouge (SKU-2) · A-01 · Cassé')).toBeInTheDocument()
    expect(screen.getByText('envoyé')).toBeInTheDocument()
    // Ready for the next product of the same location, with the same reason.
    expect(screen.getByText('Contenu de A-01')).toBeInTheDocument()
    expect(screen.queryByLabelText('Quantité')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cassé' })).toHaveAttribute('aria-pressed', 'true')
    expect(validate()).toBeDisabled()
    await user.click(screen.getByRole('button', { name: "Changer d'emplacement" }))
    expect(screen.getByLabelText('Emplacement source')).toBeInTheDocument()
  })

  it('refuses a product that is not in the location (or of another shop)', async () => {
    const user = renderScreen()
    await scanLocation(user)
    await screen.findByText('Contenu de A-01')
    await scanProduct(user, 'SKU-9')
    expect(await screen.findByText("Le produit « SKU-9 » n'est pas dans A-01.")).toBeInTheDocument()
    await scanProduct(user, 'SKU-3')
    expect(await screen.findByText("Le produit « SKU-3 » n'est pas dans A-01.")).toBeInTheDocument()
    expect(screen.queryByLabelText('Quantité')).not.toBeInTheDocument()
  })

  it('caps the quantity at what the location holds', async () => {
    const user = renderScreen()
    await scanLocation(user)
    await screen.findByText('Contenu de A-01')
    for (let i = 0; i < 3; i++) await scanProduct(user, 'SKU-1')
    expect(await screen.findByText("Tasse bleue : au plus 2 dans l'emplacement.")).toBeInTheDocument()
    expect(screen.getByLabelText('Quantité')).toHaveValue('2')
    await user.click(screen.getByRole('button', { name: 'Ajouter un article' }))
    expect(screen.getByLabelText('Quantité')).toHaveValue('2')
    await user.click(screen.getByRole('button', { name: 'Retirer un article' }))
    expect(screen.getByLabelText('Quantité')).toHaveValue('1')
    await user.clear(screen.getByLabelText('Quantité'))
    await user.type(screen.getByLabelText('Quantité'), '9')
    expect(screen.getByLabelText('Quantité')).toHaveValue('2')
  })

  it("shows the server's refusal and keeps the inputs", async () => {
    server.use(
      handle(endpoints.rebutAdd, async ({ request }) => {
        sent.push({ slugShop: 'shop', body: await request.json(), key: request.headers.get('Idempotency-Key') })
        return apiError(409, 'insufficient_stock', 'Stock insuffisant dans A-01.', { quantity: ['Au plus 1'] })
      }),
    )
    const user = renderScreen()
    await scanLocation(user)
    await screen.findByText('Contenu de A-01')
    await scanProduct(user, 'SKU-1')
    await user.click(await screen.findByRole('button', { name: 'Périmé' }))
    await user.click(validate())
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Stock insuffisant dans A-01.')
    expect(alert).toHaveTextContent('Au plus 1')
    expect(sent).toHaveLength(1)
    expect(screen.getByLabelText('Quantité')).toHaveValue('1')
    expect(screen.getByRole('button', { name: 'Périmé' })).toHaveAttribute('aria-pressed', 'true')
    expect(validate()).toBeEnabled()
    expect(screen.queryByText('Derniers rebuts')).not.toBeInTheDocument()
  })

  it('shows an error with a retry when the reasons cannot be loaded', async () => {
    server.use(handle(endpoints.rebutReasonList, () => apiError(500, 'server_error', 'Erreur interne.')))
    const user = renderScreen()
    await scanLocation(user)
    await screen.findByText('Contenu de A-01')
    expect(await screen.findByText('Impossible de charger les motifs de rebut.')).toBeInTheDocument()
    server.use(handle(endpoints.rebutReasonList, () => reasons))
    await user.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByRole('button', { name: 'Cassé' })).toBeInTheDocument()
  })

  it('accepts the location unverified when the server cannot be reached', async () => {
    // No answer at all (HttpResponse.error() is a plain Response: `handle` would send it as JSON).
    server.use(http.get(`*${colonPath(endpoints.locationInformation.path)}`, () => HttpResponse.error()))
    const user = renderScreen()
    await scanLocation(user, 'B-02')
    expect(await screen.findByText('Contenu non vérifié (hors ligne)')).toBeInTheDocument()
    expect(screen.getByText('Emplacement : B-02')).toBeInTheDocument()
    await scanProduct(user, 'ML-0001')
    await scanProduct(user, 'ML-0001')
    expect(screen.getByLabelText('Quantité')).toHaveValue('2')
    await user.click(await screen.findByRole('button', { name: 'Cassé' }))
    await user.click(validate())
    expect(await screen.findByText('Derniers rebuts')).toBeInTheDocument()
    expect(sent[0]?.body).toEqual({ code: 'ML-0001', quantity: 2, location: 'B-02', reason: 1 })
  })

  it('accepts the location unverified on a server error too', async () => {
    server.use(handle(endpoints.locationInformation, () => apiError(503, 'unavailable', 'Service indisponible.')))
    const user = renderScreen()
    await scanLocation(user, 'B-02')
    expect(await screen.findByText('Contenu non vérifié (hors ligne)')).toBeInTheDocument()
  })

  it('says when the scrap is kept on the device until the network is back', async () => {
    // The real outbox, with a server that gives no answer: the write stays on the device.
    server.use(handle(endpoints.rebutAdd, () => HttpResponse.error()))
    const user = renderScreen()
    await scanLocation(user)
    await screen.findByText('Contenu de A-01')
    await scanProduct(user, 'SKU-1')
    await user.click(await screen.findByRole('button', { name: 'Cassé' }))
    await user.click(validate())
    expect(await screen.findByText("en attente d'envoi")).toBeInTheDocument()
    expect(screen.getByText('1 × Tasse bleue (SKU-1) · A-01 · Cassé')).toBeInTheDocument()
    expect(showToast).toHaveBeenCalledWith({
      color: 'orange',
      message: "1 article de A-01 : rebut enregistré sur l'appareil, il sera envoyé au retour du réseau.",
    })
    expect(sent).toHaveLength(0)
    expect(screen.queryByLabelText('Quantité')).not.toBeInTheDocument()
  })
})
