/** Floor details of issue 11 in the shell: the offline state, touch targets, names, one h1 per screen. */
import { endpoints, type UserAccess } from '@contract'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reportServerReached } from '@/lib/network-status'
import { setToken } from '@/lib/session'
import { apiError, handle } from '../msw/contract.ts'
import { accessWith } from '../msw/fixtures.ts'
import { renderApp } from './render-app.tsx'
import { probeAnswered, signedInApp } from './signed-in-app.ts'

let access: UserAccess
const server = signedInApp(() => access)
beforeEach(() => {
  access = accessWith()
})
afterEach(() => {
  vi.restoreAllMocks()
  // The network state is the module's, shared by the tests of this file: back online.
  reportServerReached(true)
})

const mainMenu = () => screen.findByRole('navigation', { name: 'Menu principal' })
const offline = () => screen.queryByText('Hors ligne')
const browserOnline = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value)
/** Counts the probes the app sends to ask whether the server answers. */
function countProbes(answered: boolean) {
  const probes = { count: 0 }
  server.use(
    http.head('*/rest/openapi.json', () => {
      probes.count++
      return answered ? new HttpResponse(null, { status: 200 }) : HttpResponse.error()
    }),
  )
  return probes
}

describe('network indicator', () => {
  it('shows nothing while the browser is online and the server answers', async () => {
    renderApp('/')
    await mainMenu()
    expect(offline()).not.toBeInTheDocument()
    // The live region is there (so a change is announced), empty.
    expect(document.querySelector('header [role="status"]')).toBeEmptyDOMElement()
  })

  it("says 'Hors ligne' when the browser goes offline and the server does not answer, and goes when it does", async () => {
    renderApp('/')
    await mainMenu()
    const probes = countProbes(false)
    browserOnline(false)
    act(() => void window.dispatchEvent(new Event('offline')))
    const status = (await screen.findByText('Hors ligne')).closest('[role="status"]')
    expect(probes.count).toBe(1)
    expect(status).toHaveTextContent('Hors ligne — serveur injoignable')
    expect(status).toHaveAttribute('data-offline-bar')
    expect(status?.closest('header')).not.toBeNull()

    server.use(probeAnswered())
    browserOnline(true)
    act(() => void window.dispatchEvent(new Event('online')))
    await waitFor(() => expect(offline()).not.toBeInTheDocument())
  })

  it("never says 'Hors ligne' while the server answers, though the browser says offline (Wi-Fi without internet)", async () => {
    browserOnline(false)
    const probes = countProbes(true)
    renderApp('/')
    await mainMenu()
    act(() => void window.dispatchEvent(new Event('offline')))
    await waitFor(() => expect(probes.count).toBeGreaterThanOrEqual(1))
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    expect(offline()).not.toBeInTheDocument()
  })

  it('turns offline when a call gets no answer though the browser says online, and back on the next answer', async () => {
    const { queryClient } = renderApp('/')
    await mainMenu()
    server.use(handle(endpoints.userAccess, () => HttpResponse.error()))
    void queryClient.refetchQueries({ queryKey: ['access'] })
    expect(await screen.findByText('Hors ligne')).toBeInTheDocument()

    // Any answer, even a refusal, means the server is reachable again.
    server.use(handle(endpoints.userAccess, () => apiError(403, 'forbidden', 'Non')))
    await act(() => queryClient.refetchQueries({ queryKey: ['access'] }))
    await waitFor(() => expect(offline()).not.toBeInTheDocument())
  })
})

describe('touch targets, names and headings', () => {
  it('makes every header button a named 48 px target', async () => {
    renderApp('/')
    await mainMenu()
    const header = document.querySelector('header') as HTMLElement
    for (const button of header.querySelectorAll('button, a')) {
      expect(button).toHaveAccessibleName()
    }
    // Mantine sizes an ActionIcon through --ai-size: 48 px is 3rem.
    const icons = header.querySelectorAll('.minimal-ActionIcon-root')
    expect(icons.length).toBeGreaterThanOrEqual(4)
    for (const icon of icons)
      expect((icon as HTMLElement).style.getPropertyValue('--ai-size')).toContain('3rem')
  })

  it('names the drawer close button in French, as a 48 px target', async () => {
    renderApp('/')
    const user = userEvent.setup()
    await mainMenu()
    await user.click(screen.getByRole('button', { name: 'Mon compte' }))
    const drawer = await screen.findByRole('dialog', { name: 'Mon compte' }, { timeout: 10_000 })
    const close = within(drawer).getByRole('button', { name: 'Fermer' })
    expect(close.style.getPropertyValue('--cb-size')).toContain('3rem')
    // The drawer's chunk loads on first use: slow on a cold, busy test run.
  }, 15_000)

  it('gives the home screen one h1', async () => {
    renderApp('/')
    await mainMenu()
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Bonjour Demo Entrepôt',
    ])
  })

  it('gives a work screen its title as its only h1', async () => {
    renderApp('/warehouse/packaging')
    await mainMenu()
    await screen.findByRole('heading', { level: 1, name: 'Colis' })
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
  })

  it('labels the password toggle in French on the sign-in screen, its one h1', async () => {
    setToken(null)
    localStorage.clear()
    renderApp('/login')
    const user = userEvent.setup()
    const password = await screen.findByLabelText('Mot de passe')
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Connexion'])
    // Named by its title: an aria-label with 'mot de passe' in it would make a browser test's
    // getByLabel('Mot de passe') (a substring match) find the button beside the field.
    expect(document.querySelectorAll('[aria-label*="mot de passe" i]')).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }))
    expect(password).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Masquer le mot de passe' }))
    expect(password).toHaveAttribute('type', 'password')
  })
})
