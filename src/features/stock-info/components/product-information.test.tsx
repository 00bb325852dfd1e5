import { endpoints } from '@contract'
import { screen, within } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { apiError, handle } from '../../../../tests/msw/contract.ts'
import { ProductInformation } from './product-information.tsx'
import { renderWithRouter } from '../../../../tests/client/render-with-router.tsx'

const shop = { slug: 'shop', name: 'Boutique' }
const tasse = { id: 1, sku: 'SKU-1', ean13: '3700000000013', name: 'Tasse bleue' }
const bol = { id: 2, sku: 'SKU-2', ean13: '3700000000020', name: 'Bol rouge' }
const at = '2024-05-02T08:30:00Z'
const movements = [
  {
    id: 11,
    kind: 'RECEPTION',
    quantity: 5,
    from: null,
    to: 'A-01',
    at,
    validatedAt: at,
    user: 'alice',
    reason: null,
  },
  {
    id: 12,
    kind: 'TRANSFER',
    quantity: 2,
    from: 'A-01',
    to: 'B-02',
    at,
    validatedAt: at,
    user: 'bob',
    reason: null,
  },
  {
    id: 13,
    kind: 'REBUT',
    quantity: 1,
    from: 'B-02',
    to: null,
    at,
    validatedAt: at,
    user: null,
    reason: 'Cassé',
  },
  // Validated offline 20 minutes before the server received it.
  {
    id: 14,
    kind: 'RETURN',
    quantity: 1,
    from: null,
    to: 'A-01',
    at,
    validatedAt: '2024-05-02T08:10:00Z',
    user: null,
    reason: null,
  },
]
const infos = {
  'SKU-1': {
    product: tasse,
    stock: [
      { location: 'A-01', quantity: 3 },
      { location: 'B-02', quantity: 1 },
    ],
    total: 4,
    movements,
  },
  'SKU-2': { product: bol, stock: [], total: 0, movements: [] },
}
const OTHER_SHOP_EAN = '3760000000017'
const infoCalls: unknown[] = []
const searchCalls: unknown[] = []

const server = setupServer(
  handle(endpoints.productInfo, async ({ request, params }) => {
    const body = (await request.json()) as { code: string }
    infoCalls.push({ shop: params.slugShop, ...body })
    const info = body.code === tasse.ean13 ? infos['SKU-1'] : infos[body.code as keyof typeof infos]
    if (body.code === OTHER_SHOP_EAN)
      return apiError(
        404,
        'other_shop',
        `Le produit ${OTHER_SHOP_EAN} appartient à la boutique Atelier Vélo, pas à celle-ci.`,
      )
    return info ?? apiError(404, 'not_found', 'Produit introuvable')
  }),
  handle(endpoints.productSearch, async ({ request }) => {
    const body = (await request.json()) as { query: string }
    searchCalls.push(body)
    return {
      products:
        body.query === 'tasse'
          ? [
              { ...tasse, shop },
              { ...bol, shop },
            ]
          : [],
    }
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  infoCalls.length = 0
  searchCalls.length = 0
})
afterAll(() => server.close())

function renderScreen(code?: string) {
  return renderWithRouter(() => (
    <ProductInformation
      shopSlug="shop"
      code={code}
      actions={(product) => <button type="button">{`Étiquette ${product.sku}`}</button>}
    />
  ))
}

describe('product information', () => {
  it('shows the stock per location and the movements with their kinds in French', async () => {
    const user = renderScreen()
    await user.type(await screen.findByLabelText('Produit'), '3700000000013{Enter}')
    expect(await screen.findByText('Tasse bleue')).toBeInTheDocument()
    expect(infoCalls).toEqual([{ shop: 'shop', code: '3700000000013' }])
    expect(screen.getByText('SKU SKU-1')).toBeInTheDocument()
    expect(screen.getByText('EAN 3700000000013')).toBeInTheDocument()
    expect(screen.getByLabelText('Total en stock : 4')).toHaveTextContent('4')
    expect(screen.getByRole('button', { name: 'Étiquette SKU-1' })).toBeInTheDocument()

    expect(screen.getByText('Stock par emplacement')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /A-01/ })).toHaveAttribute(
      'href',
      '/warehouse/location-information?name=A-01',
    )
    expect(screen.getByRole('link', { name: /B-02/ })).toHaveTextContent('1')

    // 08:30 UTC in May is 10:30 in Paris, the warehouse's zone.
    const when = '02/05/2024 10:30:00'
    const reception = within(screen.getByTestId('movement-11'))
    expect(reception.getByText('Réception')).toBeInTheDocument()
    expect(reception.getByText('→ A-01')).toBeInTheDocument()
    expect(reception.getByText(`${when} · alice`)).toBeInTheDocument()
    expect(within(screen.getByTestId('movement-12')).getByText('Transfert')).toBeInTheDocument()
    expect(within(screen.getByTestId('movement-12')).getByText('A-01 → B-02')).toBeInTheDocument()
    const rebut = within(screen.getByTestId('movement-13'))
    expect(rebut.getByText('Rebut')).toBeInTheDocument()
    expect(rebut.getByText('B-02 →')).toBeInTheDocument()
    expect(rebut.getByText('Cassé')).toBeInTheDocument()
    expect(within(screen.getByTestId('movement-14')).getByText('Retour')).toBeInTheDocument()
    expect(within(screen.getByTestId('movement-14')).getByText(/^validé le .*, reçu le /)).toBeInTheDocument()
    expect(within(screen.getByTestId('movement-13')).queryByText(/validé le/)).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Actualiser' }))
    await vi.waitFor(() => expect(infoCalls).toHaveLength(2))
  })

  it('searches by name when the code is unknown, and loads the product tapped', async () => {
    const user = renderScreen()
    await user.type(await screen.findByLabelText('Produit'), 'tasse{Enter}')
    expect(await screen.findByText('2 produits trouvés pour « tasse »')).toBeInTheDocument()
    expect(searchCalls).toEqual([{ query: 'tasse', shop: 'shop', limit: 20 }])
    await user.click(screen.getByRole('button', { name: /Bol rouge/ }))
    expect(await screen.findByText('Aucun stock pour ce produit.')).toBeInTheDocument()
    expect(infoCalls.at(-1)).toEqual({ shop: 'shop', code: 'SKU-2' })
    expect(screen.queryByText('2 produits trouvés pour « tasse »')).not.toBeInTheDocument()
  })

  it('says so when the product is unknown, without searching a barcode by name', async () => {
    const user = renderScreen()
    await user.type(await screen.findByLabelText('Produit'), '3700000000099{Enter}')
    expect(await screen.findByText('Le produit « 3700000000099 » est inconnu.')).toBeInTheDocument()
    expect(searchCalls).toHaveLength(0)
    await user.type(screen.getByLabelText('Produit'), 'chaise{Enter}')
    expect(await screen.findByText('Le produit « chaise » est inconnu.')).toBeInTheDocument()
    expect(searchCalls).toEqual([{ query: 'chaise', shop: 'shop', limit: 20 }])
  })

  it("says which shop another shop's EAN belongs to instead of 'inconnu', without searching", async () => {
    const user = renderScreen()
    await user.type(await screen.findByLabelText('Produit'), `${OTHER_SHOP_EAN}{Enter}`)
    expect(
      await screen.findByText(
        `Le produit ${OTHER_SHOP_EAN} appartient à la boutique Atelier Vélo, pas à celle-ci.`,
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText(/est inconnu/)).not.toBeInTheDocument()
    expect(searchCalls).toHaveLength(0)
  })

  it('loads the product given by the URL at mount', async () => {
    renderScreen('SKU-1')
    expect(await screen.findByText('Tasse bleue')).toBeInTheDocument()
    expect(infoCalls).toEqual([{ shop: 'shop', code: 'SKU-1' }])
  })
})
