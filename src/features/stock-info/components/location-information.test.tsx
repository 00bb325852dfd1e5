import { endpoints } from '@contract'
import { screen } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { useState } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { apiError, handle } from '../../../../tests/msw/contract.ts'
import { LocationInformation } from './location-information.tsx'
import { renderWithRouter } from '../../../../tests/client/render-with-router.tsx'

const shop = { slug: 'shop', name: 'Boutique' }
const other = { slug: 'autre', name: 'Autre boutique' }
const locations: Record<
  string,
  { sku: string; ean13: string; name: string; shop: typeof shop; quantity: number }[]
> = {
  'A-01': [
    { sku: 'SKU-1', ean13: '3700000000011', name: 'Tasse bleue', shop, quantity: 2 },
    { sku: 'SKU-9', ean13: '3700000000097', name: 'Bol vert', shop: other, quantity: 5 },
  ],
  'B-02': [],
}

const server = setupServer(
  handle(endpoints.locationInformation, ({ params }) => {
    const name = String(params.locationName)
    const stock = locations[name]
    return stock ? { name, stock } : apiError(404, 'not_found', 'Emplacement introuvable')
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** The route's part: the scanned name goes in the URL, the screen reads it back. */
function Harness({ initial }: { initial?: string }) {
  const [name, setName] = useState(initial)
  return <LocationInformation name={name} onNameChange={setName} />
}

describe('location information', () => {
  it('lists what the location holds, with the total, each line linking to the product', async () => {
    const user = renderWithRouter(() => <Harness />)
    await user.type(await screen.findByLabelText('Emplacement'), 'A-01{Enter}')
    expect(await screen.findByText('Emplacement A-01')).toBeInTheDocument()
    expect(screen.getByTestId('location-total')).toHaveTextContent('7 articles')
    expect(screen.getByRole('link', { name: /Bol vert/ })).toHaveTextContent('SKU-9 · Autre boutique')
    const line = screen.getByRole('link', { name: /Tasse bleue/ })
    expect(line).toHaveTextContent('SKU-1 · Boutique')
    expect(line).toHaveTextContent('2')
    expect(line).toHaveAttribute('href', '/shop/shop/product-information?code=SKU-1')
    expect(screen.getByRole('link', { name: /Bol vert/ })).toHaveAttribute(
      'href',
      '/shop/autre/product-information?code=SKU-9',
    )
  })

  it('says so when the location is unknown', async () => {
    const user = renderWithRouter(() => <Harness />)
    await user.type(await screen.findByLabelText('Emplacement'), 'Z-99{Enter}')
    expect(await screen.findByText("L'emplacement « Z-99 » est inconnu.")).toBeInTheDocument()
  })

  it('says so when the location is empty', async () => {
    const user = renderWithRouter(() => <Harness />)
    await user.type(await screen.findByLabelText('Emplacement'), 'B-02{Enter}')
    expect(await screen.findByText('Cet emplacement est vide.')).toBeInTheDocument()
    expect(screen.getByTestId('location-total')).toHaveTextContent('0 articles')
  })

  it('loads the location given by the URL', async () => {
    renderWithRouter(() => <Harness initial="A-01" />)
    expect(await screen.findByText('Emplacement A-01')).toBeInTheDocument()
  })

  it('says an unknown location of the URL is unknown', async () => {
    renderWithRouter(() => <Harness initial="Z-99" />)
    expect(await screen.findByText("L'emplacement « Z-99 » est inconnu.")).toBeInTheDocument()
  })
})
