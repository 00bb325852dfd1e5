import {
  orderCustomizationFiles,
  orderDetail as orderDetailEndpoint,
  type OrderDetail,
  type PrintDocument,
} from '@contract'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PrintRequest } from '@/features/printing'
import { apiError, handle } from '../../../../tests/msw/contract.ts'
import { detailParcel, orderDetail } from '../../../testing/order-information.ts'
import { renderOrderDetail } from '../../../testing/order-information-screen.tsx'
import { inParis } from '../../../../tests/client/paris-time.ts'

const local = (h: number, mi: number) => inParis(2025, 4, 12, h, mi).toISOString()
const SHIPPED = orderDetail('CMD-1001', {
  timeline: [
    { at: local(9, 0), from: null, to: 'to_pick', user: null, reason: null },
    { at: local(10, 15), from: 'to_pick', to: 'picking', user: 'Lucas Bernard', reason: null },
    { at: local(11, 40), from: 'picking', to: 'on_hold', user: 'Lucas Bernard', reason: 'Article abîmé' },
  ],
  parcels: [
    detailParcel(1),
    detailParcel(2, {
      status: 'labelled',
      weightGrams: null,
      label: null,
      slip: null,
      tracking: {
        number: 'XY123456789FR',
        carrier: { code: 'colissimo', name: 'Colissimo' },
        service: null,
        source: 'manual',
        createdAt: local(12, 0),
      },
    }),
  ],
  batches: [
    { name: 'ML-MULTI-0042', pickingType: 'multi', printedAt: local(9, 30), printedBy: 'Chloé Petit' },
  ],
  returns: [
    { number: 'RET-0007', status: 'received', origin: 'Retour client', receivedAt: local(16, 5), units: 1 },
  ],
  order: { ...orderDetail('CMD-1001').order, giftMessage: 'Bonne fête maman !' },
  customizationFiles: [
    { name: 'visuel.png', type: 'image/png', url: '/rest/files/visuel.png?sig=1' },
    { name: 'bat.pdf', type: 'application/pdf', url: '/rest/files/bat.pdf?sig=1' },
  ],
})

let details: Record<string, OrderDetail>
let detailCalls = 0
let filesCalls = 0
const print = vi.fn(async (_request: PrintRequest) => undefined)

const server = setupServer(
  handle(orderDetailEndpoint, ({ params }) => {
    detailCalls++
    const found = details[String(params.order)]
    return found ?? apiError(404, 'not_found', 'Commande introuvable')
  }),
  handle(orderCustomizationFiles, () => {
    filesCalls++
    return [
      { name: 'visuel.png', type: 'image/png', url: '/rest/files/visuel.png?sig=2' },
      { name: 'bat.pdf', type: 'application/pdf', url: '/rest/files/bat.pdf?sig=2' },
    ]
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  details = { 'CMD-1001': SHIPPED }
  detailCalls = 0
  filesCalls = 0
  print.mockReset()
  print.mockResolvedValue(undefined)
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const renderDetail = (order: string, q?: string) => renderOrderDetail(order, { q, print })

const section = (name: string) => screen.getByRole('region', { name })
const parcel = (seq: number) => screen.getByRole('region', { name: `Colis ${seq}` })

describe('order detail', () => {
  it('shows the order: header, gift message, lines with every count, timeline, batches, returns', async () => {
    renderDetail('CMD-1001')
    const header = await screen.findByTestId('order-header')
    expect(within(header).getByRole('heading', { name: 'CMD-1001' })).toBeInTheDocument()
    expect(header).toHaveTextContent('Maison Lumière · Multi · 3 articles')
    expect(within(header).getByTestId('order-status')).toHaveTextContent('Expédiée')
    expect(header).toHaveTextContent('Marie Durand')
    expect(header).toHaveTextContent('marie.durand@example.fr')
    expect(header).toHaveTextContent('Colissimo')
    expect(header).toHaveTextContent('Fête des mères')
    // Where it goes, one line each, and where it came from.
    expect(within(header).getByTestId('order-ship-to')).toHaveTextContent(
      '19 rue des LilasEscalier C, 4e étage75019 Paris+33612345678',
    )
    expect(header).toHaveTextContent('API boutique')
    expect(header).toHaveTextContent('réf. #1042')
    expect(section('Message cadeau')).toHaveTextContent('Bonne fête maman !')

    const rows = within(section('Lignes')).getAllByTestId('order-line')
    expect(rows).toHaveLength(2)
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
    // Produit, Commandé, Prélevé, Manquant, Emballé, Expédié, Retourné, Reste à expédier
    expect(cells(rows[0]!).slice(1)).toEqual(['2', '2', '0', '2', '2', '1', '0'])
    expect(within(rows[1]!).getByTestId('line-customization')).toHaveTextContent(
      'Personnalisation : Initiales M.D.',
    )

    const entries = within(section('Historique')).getAllByTestId('timeline-entry')
    expect(entries.map((e) => e.textContent)).toEqual([
      'Créée : Prête à préparer12/05/2025 09:00 · par Système',
      'Prête à préparer → En préparation12/05/2025 10:15 · par Lucas Bernard',
      'En préparation → En attente12/05/2025 11:40 · par Lucas BernardArticle abîmé',
    ])
    expect(section('Listes de picking')).toHaveTextContent(
      'ML-MULTI-0042Multi · imprimée le 12/05/2025 09:30 par Chloé Petit',
    )
    expect(section('Retours')).toHaveTextContent('Retour RET-0007Reçu')
    expect(section('Retours')).toHaveTextContent('Retour client · reçu le 12/05/2025 16:05 · 1 article')
  })

  it('lists each line with its counts on a handheld, no table', async () => {
    const narrow = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation(
        (query: string) =>
          ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as never,
      )
    try {
      renderDetail('CMD-1001')
      const lines = await screen.findByRole('region', { name: 'Lignes' })
      expect(within(lines).queryByRole('table')).not.toBeInTheDocument()
      const [first] = within(lines).getAllByTestId('order-line')
      expect(within(first!).getByTestId('qty-quantity')).toHaveTextContent('Commandé2')
      expect(within(first!).getByTestId('qty-returned')).toHaveTextContent('Retourné1')
      expect(within(first!).getByTestId('qty-remaining')).toHaveTextContent('Reste à expédier0')
    } finally {
      narrow.mockRestore()
    }
  })

  it('shows the parcels with their numbers; a number typed in says so and has no label to reprint', async () => {
    renderDetail('CMD-1001')
    await screen.findByTestId('order-header')
    expect(within(parcel(1)).getByTestId('tracking-number')).toHaveTextContent(
      'Suivi : 8L00000000011 · Colissimo',
    )
    expect(parcel(1)).toHaveTextContent('Bordereau BT-2025-0001')
    expect(parcel(1)).toHaveTextContent('Expédié')
    expect(within(parcel(2)).getByTestId('tracking-number')).toHaveTextContent(
      'Suivi : XY123456789FR · Colissimo',
    )
    expect(parcel(2)).toHaveTextContent('Numéro saisi manuellement')
    expect(within(parcel(2)).queryByRole('button')).not.toBeInTheDocument()
  })

  it("reprints a parcel's label on the label printer", async () => {
    const { user } = renderDetail('CMD-1001')
    await screen.findByTestId('order-header')
    await user.click(within(parcel(1)).getByRole('button', { name: "Réimprimer l'étiquette du colis 1" }))
    expect(await within(parcel(1)).findByRole('status')).toHaveTextContent(
      "Étiquette envoyée à l'imprimante.",
    )
    expect(print).toHaveBeenCalledExactlyOnceWith({ document: SHIPPED.parcels[0]!.label, use: 'label' })
  })

  it('asks for a fresh label when its link has run out', async () => {
    const stale: PrintDocument = { ...SHIPPED.parcels[0]!.label!, expiresAt: '2020-01-01T00:00:00.000Z' }
    details['CMD-1001'] = { ...SHIPPED, parcels: [{ ...SHIPPED.parcels[0]!, label: stale }] }
    const { user } = renderDetail('CMD-1001')
    await screen.findByTestId('order-header')
    details['CMD-1001'] = SHIPPED
    await user.click(within(parcel(1)).getByRole('button', { name: /Réimprimer/ }))
    await waitFor(() => expect(print).toHaveBeenCalledOnce())
    expect(print.mock.calls[0]![0].document.expiresAt).toBe(SHIPPED.parcels[0]!.label!.expiresAt)
    expect(detailCalls).toBe(2)
  })

  it("says why a reprint failed (the printing feature's French message)", async () => {
    print.mockRejectedValue(new Error('Merci de lancer le logiciel QZ Tray'))
    const { user } = renderDetail('CMD-1001')
    await screen.findByTestId('order-header')
    await user.click(within(parcel(1)).getByRole('button', { name: /Réimprimer/ }))
    expect(await within(parcel(1)).findByRole('alert')).toHaveTextContent(
      'Merci de lancer le logiciel QZ Tray',
    )
  })

  it('shows a picture as a thumbnail with its link, and prints a PDF on the A4 printer with a fresh link', async () => {
    const { user } = renderDetail('CMD-1001')
    const files = await screen.findByRole('region', { name: 'Fichiers de personnalisation' })
    const img = within(files).getByRole('img', { name: 'visuel.png' })
    expect(img.getAttribute('src')).toMatch(/\/rest\/files\/visuel\.png\?sig=1$/)
    expect(within(files).getByRole('link', { name: 'Ouvrir visuel.png' }).getAttribute('href')).toMatch(
      /\/rest\/files\/visuel\.png\?sig=1$/,
    )
    expect(within(files).getByRole('link', { name: 'bat.pdf' }).getAttribute('href')).toMatch(
      /bat\.pdf\?sig=1$/,
    )
    expect(within(files).queryByRole('button', { name: 'Imprimer visuel.png' })).not.toBeInTheDocument()

    await user.click(within(files).getByRole('button', { name: 'Imprimer bat.pdf' }))
    expect(await within(files).findByRole('status')).toHaveTextContent("bat.pdf envoyé à l'imprimante A4.")
    expect(filesCalls).toBe(1)
    expect(print).toHaveBeenCalledOnce()
    const request = print.mock.calls[0]![0]
    expect(request.use).toBe('a4')
    expect(request.document).toMatchObject({
      title: 'bat.pdf',
      url: '/rest/files/bat.pdf?sig=2',
      format: 'pdf',
    })
  })

  it('says an unknown order is not found, with the way back to the search it came from', async () => {
    const { user, router } = renderDetail('CMD-404', 'Durand')
    expect(await screen.findByRole('alert')).toHaveTextContent('Commande introuvable : CMD-404')
    await user.click(screen.getByRole('link', { name: 'Retour à la recherche' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/warehouse/order-information'))
    expect(router.state.location.search).toEqual({ q: 'Durand' })
  })

  it('says a network failure in French and loads again on retry', async () => {
    server.use(handle(orderDetailEndpoint, () => HttpResponse.error()))
    const { user } = renderDetail('CMD-1001')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Serveur injoignable. Vérifiez la connexion réseau.',
    )
    server.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByTestId('order-header')).toHaveTextContent('CMD-1001')
  })
})
