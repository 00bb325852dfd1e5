import 'fake-indexeddb/auto'
import { colonPath, endpoints } from '@contract'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { tables } from '@/lib/db'
import { showToast } from '@/lib/ui/toast'
import { apiError, handle } from '../../../../tests/msw/contract.ts'
import { writeBody } from '../../../../tests/msw/stock-write.ts'
import { Rebut } from './rebut.tsx'
import { renderStockScreen, signedInWithEmptyOutbox } from '../../../../tests/client/stock-screen.tsx'
import { typeScan } from '../../../../tests/client/scanner.ts'
import { storeRefusedWrite } from '../../../testing/outbox.ts'

vi.mock('@/lib/ui/toast', () => ({ showToast: vi.fn() }))

const shop = { slug: 'shop', name: 'Boutique' }
const other = { slug: 'other', name: 'Autre boutique' }
const stock = [
  { sku: 'SKU-1', ean13: '3700000000013', name: 'Tasse bleue', shop, quantity: 2 },
  { sku: 'SKU-2', ean13: '3700000000020', name: 'Bol rouge', shop, quantity: 5 },
  { sku: 'SKU-3', ean13: '3700000000037', name: 'Vase vert', shop: other, quantity: 4 },
]
const reasons = [
  { id: 1, label: 'Cassé' },
  { id: 2, label: 'Périmé' },
]
const sent: { slugShop: unknown; body: unknown; key: string | null }[] = []
const locationLookUps: string[] = []

const server = setupServer(
  handle(endpoints.rebutReasonList, () => reasons),
  handle(endpoints.locationInformation, ({ params }) => {
    locationLookUps.push(String(params.locationName))
    return params.locationName === 'A-01'
      ? { name: 'A-01', stock }
      : apiError(404, 'not_found', 'Emplacement introuvable')
  }),
  handle(endpoints.rebutAdd, async ({ request, params }) => {
    const body = await writeBody<{ code: string; quantity: number; location: string; reason: number }>(
      request,
    )
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
  locationLookUps.length = 0
  vi.mocked(showToast).mockClear()
})
afterAll(() => server.close())

const renderScreen = (reopen?: number) => renderStockScreen(<Rebut shopSlug="shop" reopen={reopen} />)

async function scanLocation(name = 'A-01') {
  await typeScan(screen.getByLabelText('Emplacement source'), name)
}

async function scanProduct(code: string) {
  await typeScan(screen.getByLabelText('Produit'), code)
}

const validate = () => screen.getByRole('button', { name: 'Valider le rebut' })
const quantity = () => screen.getByLabelText('Quantité')
const drafts = () => tables.drafts().toArray()

describe('rebut', () => {
  it('lists the location and the reasons, sends one scrap with an idempotency key keeping the location and the reason, takes a wedge scan reaching the page with no field focused (loss 1), and keeps the next scrap on the device while the network is down', async () => {
    const user = renderScreen()
    await scanLocation()
    // Only this shop's products of the location, and the reasons.
    expect(await screen.findByText('Contenu de A-01')).toBeInTheDocument()
    expect(screen.getByText('Tasse bleue')).toBeInTheDocument()
    expect(screen.getByText('Bol rouge')).toBeInTheDocument()
    expect(screen.queryByText('Vase vert')).not.toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Cassé' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Périmé' })).toBeInTheDocument()
    expect(validate()).toBeDisabled()

    await scanProduct('3700000000020')
    await scanProduct('SKU-2')
    await waitFor(() => expect(quantity()).toHaveValue('2'))
    expect(validate()).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Cassé' }))
    await waitFor(() => expect(validate()).toBeEnabled())
    await user.click(validate())

    expect(await screen.findByText('Derniers rebuts')).toBeInTheDocument()
    expect(sent).toHaveLength(1)
    expect(sent[0]?.slugShop).toBe('shop')
    expect(sent[0]?.body).toEqual({ code: 'SKU-2', quantity: 2, location: 'A-01', reason: 1 })
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(showToast).toHaveBeenCalledWith({
      color: 'green',
      message: '2 articles mis au rebut depuis A-01.',
    })
    expect(screen.getByText('2 × Bol rouge (SKU-2) · A-01 · Cassé')).toBeInTheDocument()
    expect(screen.getByText('envoyé')).toBeInTheDocument()
    // Ready for the next product of the same location, with the same reason.
    expect(screen.getByText('Contenu de A-01')).toBeInTheDocument()
    expect(screen.queryByLabelText('Quantité')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cassé' })).toHaveAttribute('aria-pressed', 'true')
    expect(validate()).toBeDisabled()

    // The focus is back on the product; a wedge scan reaching the page with no field focused is
    // taken all the same, limited by what is left in the location.
    await waitFor(() => expect(screen.getByLabelText('Produit')).toHaveFocus())
    ;(document.activeElement as HTMLElement).blur()
    expect(document.activeElement).toBe(document.body)
    for (const key of 'SKU-2') fireEvent.keyDown(document.body, { key })
    fireEvent.keyDown(document.body, { key: 'Enter' })
    expect(await screen.findByLabelText('Quantité')).toHaveValue('1')
    expect(screen.getByText("En stock dans l'emplacement : 3")).toBeInTheDocument()

    // The real outbox, with a server that gives no answer: the write stays on the device.
    server.use(handle(endpoints.rebutAdd, () => HttpResponse.error()))
    await waitFor(() => expect(validate()).toBeEnabled())
    await user.click(validate())
    expect(await screen.findByText('en attente d’envoi')).toBeInTheDocument()
    expect(screen.getByText('1 × Bol rouge (SKU-2) · A-01 · Cassé')).toBeInTheDocument()
    expect(showToast).toHaveBeenCalledWith({
      color: 'orange',
      message: "1 article de A-01 : rebut enregistré sur l'appareil, il sera envoyé au retour du réseau.",
    })
    expect(sent).toHaveLength(1)
    expect(screen.queryByLabelText('Quantité')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Modifier : Emplacement source' }))
    expect(screen.getByLabelText('Emplacement source')).toBeInTheDocument()
  })

  it('handles the scans made during a slow location look-up in order, none lost (loss 2)', async () => {
    server.use(
      handle(endpoints.locationInformation, async ({ params }) => {
        locationLookUps.push(String(params.locationName))
        await new Promise((r) => setTimeout(r, 250))
        return { name: 'A-01', stock }
      }),
    )
    renderScreen()
    const field = screen.getByLabelText('Emplacement source')
    // The location, then two product scans while its look-up is on its way, all in the same field.
    await typeScan(field, 'A-01')
    await typeScan(field, 'SKU-2')
    await typeScan(field, '3700000000020')
    expect(field).toHaveValue('')
    await waitFor(() => expect(quantity()).toHaveValue('2'))
    expect(screen.getByText("En stock dans l'emplacement : 5")).toBeInTheDocument()
    expect(locationLookUps).toEqual(['A-01'])
    expect(screen.queryByText(/est inconnu/)).not.toBeInTheDocument()
  })

  it("shows the refusal of an unknown location, of a product code as the location, of a product not in the location and of a scan beyond its stock; 'Annuler' drops the product after a second tap", async () => {
    const user = renderScreen()
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeDisabled()
    await scanLocation('Z-99')
    expect(await screen.findByText("L'emplacement « Z-99 » est inconnu.")).toBeInTheDocument()
    await scanLocation('3700000000013')
    expect(
      await screen.findByText('« 3700000000013 » est un code produit, pas un emplacement.'),
    ).toBeInTheDocument()
    expect(locationLookUps).toEqual(['Z-99'])

    await scanLocation()
    await screen.findByText('Contenu de A-01')
    await scanProduct('SKU-9')
    expect(await screen.findByText("Le produit « SKU-9 » n'est pas dans A-01.")).toBeInTheDocument()
    await scanProduct('SKU-3')
    expect(await screen.findByText("Le produit « SKU-3 » n'est pas dans A-01.")).toBeInTheDocument()
    expect(screen.queryByLabelText('Quantité')).not.toBeInTheDocument()

    await scanProduct('SKU-1')
    await waitFor(async () => expect(await drafts()).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'Annuler' }))
    expect(screen.getByText('Toucher encore pour effacer 1 × Tasse bleue.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Confirmer l’annulation' }))
    await waitFor(() => expect(screen.queryByLabelText('Quantité')).not.toBeInTheDocument())
    expect(screen.getByText('Contenu de A-01')).toBeInTheDocument()
    await waitFor(async () => expect(await drafts()).toEqual([]))

    for (let i = 0; i < 3; i++) await scanProduct('SKU-1')
    expect(await screen.findByText("Tasse bleue : au plus 2 dans l'emplacement.")).toBeInTheDocument()
    expect(quantity()).toHaveValue('2')
    expect(screen.getByRole('button', { name: 'Ajouter un article' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Retirer un article' }))
    await waitFor(() => expect(quantity()).toHaveValue('1'))
    expect(sent).toHaveLength(0)
  })

  it("refuses a typed quantity above the stock with a message, never lowering it, and sends nothing; asks before scrapping the location's whole stock (loss 7)", async () => {
    const user = renderScreen()
    await scanLocation()
    await screen.findByText('Contenu de A-01')
    await scanProduct('SKU-1')
    await user.click(await screen.findByRole('button', { name: 'Périmé' }))
    await waitFor(() => expect(validate()).toBeEnabled())
    await user.clear(quantity())
    await user.type(quantity(), '9{Enter}')
    await waitFor(() => expect(validate()).toBeDisabled())
    expect(quantity()).toHaveValue('9')
    expect(screen.getByText("Au plus 2 dans l'emplacement.")).toBeInTheDocument()
    await user.click(validate())
    expect(sent).toHaveLength(0)
    expect(screen.queryByText('Derniers rebuts')).not.toBeInTheDocument()

    // Corrected to what the location holds: the message goes, and 'Valider' asks first.
    await user.clear(quantity())
    await user.type(quantity(), '2')
    await waitFor(() => expect(validate()).toBeEnabled())
    expect(screen.queryByText("Au plus 2 dans l'emplacement.")).not.toBeInTheDocument()
    await user.click(validate())
    let dialog = await screen.findByRole('dialog', { name: 'Tout le stock ?' })
    expect(
      within(dialog).getByText('Mettre au rebut tout le stock de Tasse bleue dans A-01 (2) ?'),
    ).toBeInTheDocument()
    expect(sent).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Retour' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(sent).toHaveLength(0)
    expect(quantity()).toHaveValue('2')

    await user.click(validate())
    dialog = await screen.findByRole('dialog', { name: 'Tout le stock ?' })
    await user.click(within(dialog).getByRole('button', { name: 'Tout mettre au rebut' }))
    expect(await screen.findByText('2 × Tasse bleue (SKU-1) · A-01 · Périmé')).toBeInTheDocument()
    expect(sent.map((s) => s.body)).toEqual([{ code: 'SKU-1', quantity: 2, location: 'A-01', reason: 2 }])
  })

  it("shows the server's refusal once, its field messages next to their fields, keeps the inputs on the device, and gives them back after the screen is closed, with a banner (loss 5)", async () => {
    server.use(
      handle(endpoints.rebutAdd, async ({ request }) => {
        sent.push({
          slugShop: 'shop',
          body: await writeBody(request),
          key: request.headers.get('Idempotency-Key'),
        })
        return apiError(409, 'insufficient_stock', 'Stock insuffisant dans A-01.', {
          quantity: ['Au plus 1'],
          code: ['Stock insuffisant dans A-01.'],
          batch: ['Lot clos'],
        })
      }),
    )
    const user = renderScreen()
    await scanLocation()
    await screen.findByText('Contenu de A-01')
    await scanProduct('SKU-1')
    await user.click(await screen.findByRole('button', { name: 'Périmé' }))
    await waitFor(async () => expect((await drafts())[0]?.state).toMatchObject({ quantity: 1, reason: 2 }))
    await user.click(validate())
    expect(await screen.findByText('Stock insuffisant dans A-01.')).toBeInTheDocument()
    expect(screen.getAllByText('Stock insuffisant dans A-01.')).toHaveLength(1)
    expect(screen.getByText('Lot clos')).toBeInTheDocument()
    expect(quantity()).toHaveAccessibleDescription('Au plus 1')
    expect(screen.getAllByText('Au plus 1')).toHaveLength(1)
    expect(sent).toHaveLength(1)
    expect(quantity()).toHaveValue('1')
    expect(screen.getByRole('button', { name: 'Périmé' })).toHaveAttribute('aria-pressed', 'true')
    expect(validate()).toBeEnabled()
    expect(screen.queryByText('Derniers rebuts')).not.toBeInTheDocument()
    // Refused, the write is not left in the outbox: the scrap stays on the screen, and its draft.
    expect(await tables.outbox().toArray()).toEqual([])
    // A correction clears the refusal.
    await user.click(screen.getByRole('button', { name: 'Cassé' }))
    await waitFor(() => expect(screen.queryByText('Stock insuffisant dans A-01.')).not.toBeInTheDocument())
    await waitFor(async () => expect((await drafts())[0]?.state).toMatchObject({ quantity: 1, reason: 1 }))
    cleanup()

    server.resetHandlers()
    const again = renderScreen()
    expect(await screen.findByText(/Saisie en cours restaurée : 1 × Tasse bleue de A-01/)).toBeInTheDocument()
    expect(await screen.findByText('Contenu de A-01')).toBeInTheDocument()
    // The restored line can come a render after the location's content: waited for, not assumed.
    expect(await screen.findByLabelText('Quantité')).toHaveValue('1')
    expect(await screen.findByRole('button', { name: 'Cassé' })).toHaveAttribute('aria-pressed', 'true')
    // Validated, it is dropped from the device.
    await again.click(validate())
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent[1]?.body).toEqual({ code: 'SKU-1', quantity: 1, location: 'A-01', reason: 1 })
    await waitFor(async () => expect(await drafts()).toEqual([]))
  })

  it('takes the location unverified when the server cannot be reached, retries the reasons it could not load, and sends the product as scanned', async () => {
    // No answer at all (HttpResponse.error() is a plain Response: `handle` would send it as JSON).
    server.use(
      http.get(`*${colonPath(endpoints.locationInformation.path)}`, () => HttpResponse.error()),
      handle(endpoints.rebutReasonList, () => apiError(500, 'server_error', 'Erreur interne.')),
    )
    const user = renderScreen()
    await scanLocation('B-02')
    expect(await screen.findByText('Contenu non vérifié (hors ligne)')).toBeInTheDocument()
    expect(screen.getByText('Emplacement : B-02')).toBeInTheDocument()
    expect(await screen.findByText('Impossible de charger les motifs de rebut.')).toBeInTheDocument()
    server.use(handle(endpoints.rebutReasonList, () => reasons))
    await user.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByRole('button', { name: 'Cassé' })).toBeInTheDocument()

    await scanProduct('ML-0001')
    await scanProduct('ML-0001')
    await waitFor(() => expect(quantity()).toHaveValue('2'))
    expect(screen.getByText('Produit non vérifié (hors ligne)')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Cassé' }))
    await user.click(validate())
    expect(await screen.findByText('Derniers rebuts')).toBeInTheDocument()
    expect(sent[0]?.body).toEqual({ code: 'ML-0001', quantity: 2, location: 'B-02', reason: 1 })
  })

  it('reopens a refused scrap from the outbox, its message on its field, and sends the correction in its place', async () => {
    const id = await storeRefusedWrite({
      key: 'k-1',
      label: 'Rebut',
      write: {
        kind: 'rebut',
        shopSlug: 'shop',
        body: { code: 'SKU-1', quantity: 2, location: 'A-01', reason: 2 },
      },
      error: 'Stock insuffisant dans A-01.',
      errorStatus: 409,
      fieldErrors: { quantity: ['Au plus 1'] },
    })
    const user = renderScreen(id)
    expect(await screen.findByText('Stock insuffisant dans A-01.')).toBeInTheDocument()
    expect(await screen.findByLabelText('Quantité')).toHaveValue('2')
    expect(quantity()).toHaveAccessibleDescription('Au plus 1')
    expect(await screen.findByRole('button', { name: 'Périmé' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByText('Contenu de A-01')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Retirer un article' }))
    await waitFor(() => expect(quantity()).toHaveValue('1'))
    expect(screen.queryByText('Stock insuffisant dans A-01.')).not.toBeInTheDocument()
    await user.click(validate())
    expect(await screen.findByText('1 × Tasse bleue (SKU-1) · A-01 · Périmé')).toBeInTheDocument()
    expect(sent.map((s) => s.body)).toEqual([{ code: 'SKU-1', quantity: 1, location: 'A-01', reason: 2 }])
    expect(await tables.outbox().toArray()).toEqual([])
  })
})
