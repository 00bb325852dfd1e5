/**
 * 'Information commande' in the whole app: the search in the URL, a scan that finds one order
 * opening it, back to the list, and the Print role guard of both screens.
 */
import { endpoints, type UserAccess } from '@contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { orderDetail, summary } from '@/testing/order-information'
import { handle } from '../msw/contract.ts'
import { accessWith } from '../msw/fixtures.ts'
import { renderApp } from './render-app.tsx'
import { scannerEndsWithEnter } from './scanner.ts'
import { signedInApp } from './signed-in-app.ts'

const DURAND = [
  summary('CMD-1001', { match: { by: 'customer', value: 'Marie Durand' } }),
  summary('CMD-0950', {
    status: 'to_pick',
    carrier: null,
    match: { by: 'email', value: 'marie.durand@example.fr' },
  }),
]
const TRACKED = summary('CMD-1001', { match: { by: 'tracking', value: '8L00000000011' } })

let access: UserAccess
let searches: { q: string | null; shop: string | null }[]
let failSearch = false

const server = signedInApp(() => access)
beforeEach(() => {
  access = accessWith()
  searches = []
  failSearch = false
  scannerEndsWithEnter()
  server.use(
    handle(endpoints.orderInformation, ({ request }) => {
      const url = new URL(request.url)
      const q = url.searchParams.get('q')
      searches.push({ q, shop: url.searchParams.get('shop') })
      if (failSearch) return HttpResponse.error()
      if (q === 'Durand') return { results: DURAND, truncated: false }
      if (q === '8L00000000011') return { results: [TRACKED], truncated: false }
      if (q === 'ML')
        return { results: Array.from({ length: 20 }, (_, i) => summary(`CMD-${i}`)), truncated: true }
      return { results: [], truncated: false }
    }),
    handle(endpoints.orderDetail, ({ params }) => orderDetail(String(params.order))),
  )
})

const field = () => screen.findByLabelText('Commande')
/** A scanner's burst: every key at once, then Enter. */
const scan = async (code: string) => userEvent.setup({ delay: null }).type(await field(), `${code}{Enter}`)

// Whole-app renders on a loaded 2-core machine: the first one of a file loads every module.
describe('order search', { timeout: 40_000 }, () => {
  it('lists the orders a scan finds, each saying what matched, and keeps the search in the URL', async () => {
    const { router } = renderApp('/warehouse/order-information')
    await scan('Durand')
    expect(await screen.findByText('2 commandes pour « Durand »')).toBeInTheDocument()
    const results = screen.getAllByTestId('order-result')
    expect(results.map((r) => within(r).getByTestId('found-by').textContent)).toEqual([
      'Trouvée par : Nom du client Marie Durand',
      'Trouvée par : E-mail du client marie.durand@example.fr',
    ])
    expect(results[0]).toHaveTextContent('Maison Lumière · Multi')
    expect(within(results[0]!).getByTestId('order-status')).toHaveTextContent('Expédiée')
    expect(results[1]).toHaveTextContent('Aucun transporteur')
    expect(router.state.location.search).toEqual({ q: 'Durand' })
    expect(screen.getByRole('link', { name: 'Ouvrir la commande CMD-1001' })).toHaveAttribute(
      'href',
      '/warehouse/order-information/CMD-1001?q=Durand',
    )
    // The field is ready for the next scan.
    expect(await field()).toHaveFocus()
  })

  it('opens at once the one order a scan finds; back shows the search without opening it again', async () => {
    const { router, history } = renderApp('/warehouse/order-information')
    await scan('8L00000000011')
    expect(await screen.findByTestId('order-header')).toHaveTextContent('CMD-1001')
    expect(router.state.location.pathname).toBe('/warehouse/order-information/CMD-1001')

    history.back()
    expect(await screen.findByText('1 commande pour « 8L00000000011 »')).toBeInTheDocument()
    expect(screen.getByTestId('found-by')).toHaveTextContent('Trouvée par : Numéro de suivi 8L00000000011')
    expect(router.state.location.pathname).toBe('/warehouse/order-information')
  })

  it('says when no order matches, and when the text is too short', async () => {
    renderApp('/warehouse/order-information')
    await scan('Inconnu')
    expect(await screen.findByText('Aucune commande ne correspond à « Inconnu ».')).toBeInTheDocument()
    await scan('x')
    expect(await screen.findByText('Saisissez au moins 2 caractères')).toBeInTheDocument()
    expect(searches.map((s) => s.q)).toEqual(['Inconnu'])
  })

  it('asks to refine a search that found more than it lists', async () => {
    renderApp('/warehouse/order-information?q=ML')
    expect(await screen.findByTestId('truncated')).toHaveTextContent(
      'Plus de 20 commandes : précisez la recherche.',
    )
    expect(screen.getAllByTestId('order-result')).toHaveLength(20)
  })

  it('shows the search of a shared link, a numeric one too', async () => {
    renderApp('/warehouse/order-information?q=100023')
    expect(await screen.findByText('Aucune commande ne correspond à « 100023 ».')).toBeVisible()
    expect(searches).toEqual([{ q: '100023', shop: null }])
  })

  it('narrows the search to one shop', async () => {
    const { router } = renderApp('/warehouse/order-information?q=Durand')
    await screen.findByText('2 commandes pour « Durand »')
    await userEvent.setup().selectOptions(screen.getByLabelText('Boutique'), 'atelier-velo')
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'Durand', shop: 'atelier-velo' }))
    await waitFor(() => expect(searches.at(-1)).toEqual({ q: 'Durand', shop: 'atelier-velo' }))
  })

  it('says a network failure in French, and searches again on retry', async () => {
    failSearch = true
    const { router } = renderApp('/warehouse/order-information')
    await scan('Durand')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Serveur injoignable. Vérifiez la connexion réseau.')
    // Asked once, not retried in silence while the worker waits.
    expect(searches).toHaveLength(1)
    expect(router.state.location.search).toEqual({})
    failSearch = false
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByText('2 commandes pour « Durand »')).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ q: 'Durand' })
  })
})

describe('role guard', { timeout: 40_000 }, () => {
  it.each(['/warehouse/order-information', '/warehouse/order-information/CMD-1001'])(
    'refuses %s to a user without the Print role',
    async (path) => {
      access = accessWith({ warehouse: { roles: ['Shipping'] } })
      renderApp(path)
      await screen.findByRole('heading', { level: 1, name: 'Accès non autorisé' })
      expect(screen.getByRole('alert')).toHaveTextContent('il faut le rôle Impression (Information commande)')
      expect(screen.queryByLabelText('Commande')).not.toBeInTheDocument()
      expect(screen.queryByTestId('order-header')).not.toBeInTheDocument()
    },
  )
})
