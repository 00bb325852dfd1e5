import { endpoints } from '@contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setToken } from '@/lib/session'
import { apiError, handle } from '../msw/contract.ts'
import { accessWith, fakeToken, workstationHandlers } from '../msw/fixtures.ts'
import { renderApp } from './render-app.tsx'

const ACCESS_ERROR = 'Une erreur est survenue. Impossible de charger les paramètres.'
let accessCalls = 0
const server = setupServer()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  accessCalls = 0
  localStorage.clear()
  setToken(null)
  server.use(
    ...workstationHandlers(),
    handle(endpoints.userAccess, ({ request }) => {
      accessCalls++
      if (!request.headers.get('authorization')?.startsWith('Bearer '))
        return apiError(401, 'unauthorized', 'non')
      return accessWith()
    }),
  )
})
afterEach(() => server.resetHandlers())

const signedIn = (token = fakeToken()) => localStorage.setItem('token', JSON.stringify(token))
const mainMenu = () => screen.findByRole('navigation', { name: 'Menu principal' })

describe('session gate', () => {
  it('sends a visitor without a token to /login', async () => {
    const { router } = renderApp('/warehouse/shipment')
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(accessCalls).toBe(0)
  })

  it('signs in, stores the token JSON-quoted, and opens the app with the menu of the roles', async () => {
    let sentBody: unknown
    server.use(
      handle(endpoints.loginCheck, async ({ request }) => {
        sentBody = await request.json()
        return { token: fakeToken() }
      }),
    )
    renderApp('/login')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Identifiant'), ' demo ')
    await user.type(screen.getByLabelText('Mot de passe'), 'secret')
    await user.click(screen.getByRole('button', { name: 'Se connecter' }))
    const menu = await mainMenu()
    expect(sentBody).toEqual({ username: 'demo', password: 'secret' })
    expect(localStorage.getItem('token')).toMatch(/^"[^"]+\.[^"]+\.[^"]+"$/)
    expect(within(menu).getByRole('link', { name: /Colis/ })).toBeInTheDocument()
    // Inventory and Reception are disabled items; Rebut too: never shown.
    expect(within(menu).queryByText('Inventaire')).not.toBeInTheDocument()
  })

  it('sends the device token this browser keeps for the account, and keeps the one the server answers', async () => {
    // docs/security.md 'Sign-in and sessions': a known device signs in while strangers hold the account back.
    localStorage.setItem('login-devices', JSON.stringify({ demo: 'ancien.jeton', stock: 'autre.jeton' }))
    const sent: unknown[] = []
    server.use(
      handle(endpoints.loginCheck, async ({ request }) => {
        sent.push(await request.json())
        return { token: fakeToken(), device: 'nouveau.jeton' }
      }),
    )
    renderApp('/login')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Identifiant'), 'Demo')
    await user.type(screen.getByLabelText('Mot de passe'), 'secret')
    await user.click(screen.getByRole('button', { name: 'Se connecter' }))
    await mainMenu()
    expect(sent).toEqual([{ username: 'Demo', password: 'secret', device: 'ancien.jeton' }])
    expect(JSON.parse(localStorage.getItem('login-devices') ?? '{}')).toEqual({
      stock: 'autre.jeton',
      demo: 'nouveau.jeton',
    })
  })

  it('puts the cursor in Identifiant once the form shows, so a badge can be scanned straight away', async () => {
    renderApp('/login')
    const field = await screen.findByLabelText('Identifiant')
    await waitFor(() => expect(field).toHaveFocus())
  })

  it('shows the server message on wrong credentials and the field errors of a bad form', async () => {
    server.use(
      handle(endpoints.loginCheck, () =>
        apiError(401, 'invalid_credentials', 'Identifiant ou mot de passe incorrect.'),
      ),
    )
    renderApp('/login')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Se connecter' }))
    expect(await screen.findByText('Identifiant obligatoire')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Identifiant'), 'demo')
    await user.type(screen.getByLabelText('Mot de passe'), 'faux')
    await user.click(screen.getByRole('button', { name: 'Se connecter' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Identifiant ou mot de passe incorrect.')
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('clears an expired token at start (silent logout) and lands on /login', async () => {
    signedIn(fakeToken({ exp: Math.floor(Date.now() / 1000) - 10 }))
    const { router } = renderApp('/')
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('treats a token that cannot be decoded as invalid', async () => {
    localStorage.setItem('token', JSON.stringify('not-a-jwt'))
    renderApp('/')
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument()
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('shows the full-screen error when the access call fails', async () => {
    server.use(handle(endpoints.userAccess, () => apiError(500, 'internal', 'Erreur interne du serveur.')))
    signedIn()
    renderApp('/')
    expect(await screen.findByText(ACCESS_ERROR)).toBeInTheDocument()
  })

  it('shows the full-screen error when the access answer is empty', async () => {
    server.use(handle(endpoints.userAccess, () => HttpResponse.json(null)))
    signedIn()
    renderApp('/')
    expect(await screen.findByText(ACCESS_ERROR)).toBeInTheDocument()
  })

  it('sends the user to /login when the server refuses the token', async () => {
    server.use(handle(endpoints.userAccess, () => apiError(401, 'unauthorized', 'Session expirée')))
    signedIn()
    const { router } = renderApp('/warehouse/transfer')
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('follows a logout made in another tab', async () => {
    signedIn()
    renderApp('/')
    await mainMenu()
    localStorage.removeItem('token')
    window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: null }))
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument()
  })
})

describe('guards', () => {
  it('refuses a shop slug outside the user shops with the SPEC text', async () => {
    signedIn()
    renderApp('/shop/inconnue/rebut')
    expect(await screen.findByText(ACCESS_ERROR)).toBeInTheDocument()
  })

  it('opens a shop screen of one of the user shops with its title', async () => {
    signedIn()
    renderApp('/shop/atelier-velo/product-information')
    expect(await screen.findByRole('heading', { name: 'Information produit' })).toBeInTheDocument()
    expect(screen.getByText('Atelier Vélo')).toBeInTheDocument()
  })

  it('refuses warehouse screens to a user without warehouse access', async () => {
    server.use(handle(endpoints.userAccess, () => accessWith({ warehouse: null })))
    signedIn()
    renderApp('/warehouse/print-box')
    expect(await screen.findByText(ACCESS_ERROR)).toBeInTheDocument()
  })

  it('lists the shops to pick for with their waiting orders', async () => {
    signedIn()
    renderApp('/warehouse/picking')
    expect(await screen.findByRole('heading', { name: 'Picking' })).toBeInTheDocument()
    const card = screen.getByRole('link', { name: /Maison Lumière/ })
    expect(card).toHaveTextContent('12')
    expect(card).toHaveAttribute('href', '/warehouse/picking/maison-lumiere')
  })
})
