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
import { Reception } from './reception.tsx'
import { renderStockScreen, signedInWithEmptyOutbox } from '../../../../tests/client/stock-screen.tsx'
import { typeScan } from '../../../../tests/client/scanner.ts'
import { storeRefusedWrite } from '../../../testing/outbox.ts'

vi.mock('@/lib/ui/toast', () => ({ showToast: vi.fn() }))

const products = [
  { id: 1, sku: 'SKU-1', ean13: '3700000000013', name: 'Tasse bleue' },
  { id: 2, sku: 'SKU-2', ean13: '3700000000020', name: 'Bol rouge' },
]
const lookups: unknown[] = []
const sent: { slugShop: unknown; body: unknown; key: string | null }[] = []

/** Known locations: any 'X-00' name; 'ZZ-99' is unknown. */
const server = setupServer(
  // No delivery announced: a reception without notice, as before issue 34 (reception-expected.test.tsx).
  handle(endpoints.expectedReceptionList, () => ({ receptions: [] })),
  handle(endpoints.locationInformation, ({ params }) => {
    const name = String(params.locationName)
    return /^[A-Z]-\d\d$/.test(name)
      ? { name, stock: [] }
      : apiError(404, 'not_found', `Emplacement « ${name} » inconnu.`)
  }),
  handle(endpoints.productInfoInventory, async ({ request }) => {
    const body = (await request.json()) as { code: string; shop: string }
    lookups.push(body)
    const product = products.find((p) => p.sku === body.code || p.ean13 === body.code)
    return product
      ? { product, total: 0, byLocation: [] }
      : apiError(404, 'not_found', `Produit « ${body.code} » introuvable dans cette boutique.`)
  }),
  handle(endpoints.receptionAdd, async ({ request, params }) => {
    const body = await writeBody<{ lines: { code: string; quantity: number; location: string }[] }>(request)
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

/**
 * The screen's wiring only: every rule (what a scan or a typed value does, what is refused and with
 * which message, how lines merge or move, what is sent, kept, restored or reopened) is tested in
 * ../model.test.ts and ../scan.test.ts (docs/scan-screen.md, 'Tests').
 */
const renderScreen = (reopen?: number) => renderStockScreen(<Reception shopSlug="shop" reopen={reopen} />)

async function scanDestination(name: string) {
  await typeScan(screen.getByLabelText('Emplacement de réception'), name)
  expect(await screen.findByText(`Destination : ${name}`)).toBeInTheDocument()
}

const scanProduct = (code: string) => typeScan(screen.getByLabelText('Produit'), code)
const quantityOf = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^Modifier la quantité de ${name} : \\d+$`) })

describe('reception', () => {
  it('says under its field why a destination or a product scan is refused, and handles scans made during a slow look-up one by one, in order, none lost or joined', async () => {
    let slow = 0
    server.use(
      handle(endpoints.productInfoInventory, async ({ request }) => {
        const body = (await request.json()) as { code: string; shop: string }
        lookups.push(body)
        await new Promise((r) => setTimeout(r, 150 + 50 * slow++))
        const product = products.find((p) => p.sku === body.code || p.ean13 === body.code)!
        return { product, total: 0, byLocation: [] }
      }),
    )
    renderScreen()
    await typeScan(screen.getByLabelText('Emplacement de réception'), 'ZZ-99')
    expect(await screen.findByText("L'emplacement « ZZ-99 » est inconnu.")).toBeInTheDocument()
    expect(screen.queryByText(/^Destination :/)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Valider la réception' })).toBeDisabled()

    await scanDestination('A-01')
    // Refused on the device: the scanner's digits are not taken as a typed SKU.
    await scanProduct('37600100000903760010000106')
    expect(await screen.findByText(/Code impossible : 26 chiffres/)).toBeInTheDocument()
    expect(lookups).toEqual([])

    const field = screen.getByLabelText('Produit')
    // Three scans while the first look-up is on its way: each empties the field on Enter.
    await typeScan(field, '3700000000013')
    await typeScan(field, 'SKU-2')
    await typeScan(field, 'sku-1')
    expect(field).toHaveValue('')
    await waitFor(() => expect(quantityOf('Tasse bleue')).toHaveTextContent('2'))
    expect(quantityOf('Bol rouge')).toHaveTextContent('1')
    // Asked for this shop, in scan order; the third scan needed no look-up (its product was listed by then).
    expect(lookups).toEqual([
      { code: '3700000000013', shop: 'shop' },
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

  it('corrects a line with +, −, a typed quantity (0 refused next to the field) and its trash button, and moves it through its own location field, a refusal said on the line', async () => {
    const user = renderScreen()
    await scanDestination('A-01')
    await scanProduct('SKU-1')
    await scanProduct('SKU-2')
    expect(await screen.findByText('Bol rouge')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retirer 1 × Tasse bleue' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Ajouter 1 × Tasse bleue' }))
    await waitFor(() => expect(quantityOf('Tasse bleue')).toHaveTextContent('2'))
    await user.click(screen.getByRole('button', { name: 'Retirer 1 × Tasse bleue' }))
    await waitFor(() => expect(quantityOf('Tasse bleue')).toHaveTextContent('1'))

    await user.click(quantityOf('Bol rouge'))
    const input = screen.getByLabelText('Quantité de Bol rouge')
    await user.clear(input)
    await user.type(input, '0{Enter}')
    expect(screen.getByText('La quantité doit être au moins 1.')).toBeInTheDocument()
    await user.clear(input)
    await user.type(input, '12{Enter}')
    await waitFor(() => expect(quantityOf('Bol rouge')).toHaveTextContent('12'))
    expect(screen.getByText('2 lignes, 13 articles')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Supprimer Bol rouge' }))
    await waitFor(() => expect(screen.queryByText('Bol rouge')).not.toBeInTheDocument())
    expect(screen.getByText('1 ligne, 1 article')).toBeInTheDocument()

    // The line's own location field: a refusal is said on the line, which stays where it was.
    const location = () => screen.getByRole('button', { name: /^Changer l’emplacement de Tasse bleue : / })
    await user.click(location())
    await typeScan(screen.getByLabelText('Nouvel emplacement de Tasse bleue'), 'ZZ-99')
    const [line] = screen.getAllByTestId('flow-line')
    expect(await within(line!).findByText("L'emplacement « ZZ-99 » est inconnu.")).toBeInTheDocument()
    expect(location()).toHaveTextContent('A-01')
    await user.click(location())
    await typeScan(screen.getByLabelText('Nouvel emplacement de Tasse bleue'), 'B-02')
    await waitFor(() => expect(location()).toHaveTextContent('B-02'))
    expect(screen.queryByText("L'emplacement « ZZ-99 » est inconnu.")).not.toBeInTheDocument()
  })

  it('sends all the lines in one write with an idempotency key, takes the next scan wherever the focus is, gives it back with a banner after the screen is closed, and clears it only on a second tap', async () => {
    const user = renderScreen()
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeDisabled()
    await scanDestination('A-01')
    await scanProduct('3700000000013')
    await screen.findByText('Tasse bleue')
    await scanProduct('3700000000013')
    await user.click(screen.getByRole('button', { name: 'Modifier : Emplacement de réception' }))
    await scanDestination('B-02')
    await scanProduct('SKU-2')
    await screen.findByText('Bol rouge')
    await user.click(screen.getByRole('button', { name: 'Valider la réception' }))

    expect(await screen.findByText('Dernière réception')).toBeInTheDocument()
    expect(screen.getByText('2 lignes, 3 articles')).toBeInTheDocument()
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
    expect(screen.getByText('Destination : B-02')).toBeInTheDocument()
    // The focus went back to the product field; and a burst reaching the page with nothing
    // focused (loss 1 of issue 11) still lands.
    await waitFor(() => expect(screen.getByLabelText('Produit')).toHaveFocus())
    ;(document.activeElement as HTMLElement).blur()
    for (const key of 'SKU-2') fireEvent.keyDown(document.body, { key })
    fireEvent.keyDown(document.body, { key: 'Enter' })
    expect(await screen.findByText('Bol rouge')).toBeInTheDocument()

    // The screen closed and opened again: what was scanned comes back, with a banner.
    await waitFor(async () => expect(await tables.drafts().count()).toBe(1))
    cleanup()
    const again = renderScreen()
    expect(await screen.findByText(/Saisie en cours restaurée : 1 ligne, 1 article/)).toBeInTheDocument()
    expect(await screen.findByText('Bol rouge')).toBeInTheDocument()
    expect(screen.getByText('Destination : B-02')).toBeInTheDocument()

    // 'Annuler' asks a second tap, then drops the list and its draft for good, sending nothing.
    await again.click(screen.getByRole('button', { name: 'Annuler' }))
    expect(screen.getByText('Bol rouge')).toBeInTheDocument()
    expect(screen.getByText('Toucher encore pour effacer 1 ligne, 1 article.')).toBeInTheDocument()
    await again.click(screen.getByRole('button', { name: 'Confirmer l’annulation' }))
    await waitFor(() => expect(screen.queryByText('Bol rouge')).not.toBeInTheDocument())
    await waitFor(async () => expect(await tables.drafts().count()).toBe(0))
    expect(sent).toHaveLength(1)
  })

  it("shows the server's refusal once, the line's own message next to the line, keeps the lines until a correction, then keeps the corrected write on the device when it cannot be sent, and says so", async () => {
    server.use(
      handle(endpoints.receptionAdd, async ({ request }) => {
        sent.push({
          slugShop: null,
          body: await writeBody(request),
          key: request.headers.get('Idempotency-Key'),
        })
        return apiError(409, 'conflict', 'La réception a été refusée.', {
          'lines.1.location': ['Emplacement « C-03 » plein'],
        })
      }),
    )
    const user = renderScreen()
    await scanDestination('A-01')
    await scanProduct('SKU-1')
    await screen.findByText('Tasse bleue')
    await user.click(screen.getByRole('button', { name: 'Modifier : Emplacement de réception' }))
    await scanDestination('C-03')
    await scanProduct('SKU-2')
    await screen.findByText('Bol rouge')
    await user.click(screen.getByRole('button', { name: 'Valider la réception' }))

    expect(await screen.findByText('La réception a été refusée.')).toBeInTheDocument()
    const line = screen.getAllByTestId('flow-line').find((el) => within(el).queryByText('Bol rouge'))!
    expect(within(line).getByText('Emplacement « C-03 » plein')).toBeInTheDocument()
    expect(screen.getAllByText('Emplacement « C-03 » plein')).toHaveLength(1)
    expect(screen.getByText('2 lignes, 2 articles')).toBeInTheDocument()
    expect(showToast).not.toHaveBeenCalled()

    // A correction clears the refusal.
    await user.click(screen.getByRole('button', { name: 'Supprimer Bol rouge' }))
    await waitFor(() => expect(screen.queryByText('La réception a été refusée.')).not.toBeInTheDocument())

    // The network gone: the write waits on the device.
    server.use(handle(endpoints.receptionAdd, () => HttpResponse.error()))
    await user.click(screen.getByRole('button', { name: 'Valider la réception' }))
    expect(await screen.findByText('Dernière réception')).toBeInTheDocument()
    const queued = 'Réception enregistrée sur l’appareil : elle sera envoyée dès le retour du réseau.'
    expect(screen.getByText('En attente d’envoi : elle partira dès le retour du réseau.')).toBeInTheDocument()
    expect(showToast).toHaveBeenCalledWith({ color: 'orange', message: queued })
    expect(screen.queryByText('Tasse bleue')).not.toBeInTheDocument()
  })

  it('adds an unverified line when the product cannot be checked (offline or server failure)', async () => {
    server.use(http.post(`*${colonPath(endpoints.productInfoInventory.path)}`, () => HttpResponse.error()))
    const user = renderScreen()
    await scanDestination('A-01')
    await scanProduct('3700000000099')
    expect(await screen.findByText('Produit non vérifié (hors ligne)')).toBeInTheDocument()
    server.use(
      handle(endpoints.productInfoInventory, () => apiError(503, 'unavailable', 'Service indisponible')),
    )
    await scanProduct('SKU-7')
    expect(await screen.findByRole('button', { name: 'Supprimer SKU-7' })).toBeInTheDocument()
    expect(screen.getAllByText('Produit non vérifié (hors ligne)')).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: 'Valider la réception' }))
    expect(await screen.findByText('Dernière réception')).toBeInTheDocument()
    expect(sent[0]?.body).toEqual({
      lines: [
        { code: '3700000000099', quantity: 1, location: 'A-01' },
        { code: 'SKU-7', quantity: 1, location: 'A-01' },
      ],
    })
  })

  it("reopens a refused write, marks the refused line, and sends the correction in its place, but never another shop's refused reception", async () => {
    const other = await storeRefusedWrite({
      key: 'k-2',
      label: 'Réception',
      write: {
        kind: 'reception',
        shopSlug: 'autre',
        body: { lines: [{ code: 'AU-1', quantity: 2, location: 'A-01' }] },
      },
      error: 'Refusé',
      errorStatus: 400,
    })
    const own = await storeRefusedWrite({
      key: 'k-1',
      label: 'Réception',
      write: {
        kind: 'reception',
        shopSlug: 'shop',
        body: {
          lines: [
            { code: 'SKU-1', quantity: 2, location: 'A-01' },
            { code: '3700000000099', quantity: 1, location: 'A-01' },
          ],
        },
      },
      error: 'Produit inconnu',
      errorStatus: 404,
      fieldErrors: { 'lines.1.code': ['Produit « 3700000000099 » inconnu'] },
    })

    // Another shop's: not taken. A scan waits behind the reopening in the flow's queue: once it
    // shows, the reopening is done.
    renderScreen(other)
    await scanDestination('A-01')
    expect(screen.queryByText('AU-1')).not.toBeInTheDocument()
    expect(screen.queryAllByTestId('flow-line')).toHaveLength(0)
    expect(await tables.outbox().count()).toBe(2)
    cleanup()

    const user = renderScreen(own)
    expect(await screen.findByText('Produit « 3700000000099 » inconnu')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Supprimer 3700000000099' }))
    await user.click(screen.getByRole('button', { name: 'Valider la réception' }))
    expect(await screen.findByText('Dernière réception')).toBeInTheDocument()
    expect(sent[0]?.body).toEqual({ lines: [{ code: 'SKU-1', quantity: 2, location: 'A-01' }] })
    // The refused write is replaced by its correction; the other shop's stays.
    expect((await tables.outbox().toArray()).map((row) => row.key)).toEqual(['k-2'])
  })
})
