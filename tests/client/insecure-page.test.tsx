/** A site opened over plain HTTP (issue 30): a clear notice in the shell and on the sign-in page. */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setToken } from '@/lib/session'
import { renderApp } from './render-app.tsx'
import { signedInApp } from './signed-in-app.ts'

signedInApp()
afterEach(() => vi.unstubAllGlobals())

const TITLE = 'Connexion non sécurisée (HTTP)'
const TEXT =
  "Sur cette adresse, l'application ne peut ni s'installer, ni démarrer hors ligne, ni utiliser la caméra. Les scans au clavier et les envois fonctionnent tant que la page reste ouverte."
const mainMenu = () => screen.findByRole('navigation', { name: 'Menu principal' })
const notice = () => screen.queryByText(TITLE)?.closest('[role="note"]') as HTMLElement | null | undefined

describe('a page opened over plain HTTP', () => {
  it('says in the dashboard what is missing, with a full-page link to the certificate installer', async () => {
    vi.stubGlobal('isSecureContext', false)
    renderApp('/')
    await mainMenu()
    const box = notice()!
    expect(box).toBeInTheDocument()
    expect(box).toHaveTextContent(TEXT)
    // A plain link to the server's page: not a client route (no router interception).
    const link = within(box).getByRole('link', { name: 'Installer le certificat du site' })
    expect(link).toHaveAttribute('href', '/installer')
    expect(box.closest('main')).not.toBeNull()
  })

  it('can be hidden, and stays hidden while the page is open', async () => {
    vi.stubGlobal('isSecureContext', false)
    const { router } = renderApp('/')
    await mainMenu()
    await userEvent.setup().click(within(notice()!).getByRole('button', { name: 'Masquer' }))
    expect(notice()).toBeFalsy()
    await router.navigate({ to: '/outbox' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/outbox'))
    expect(notice()).toBeFalsy()
  })

  it('shows a shorter notice on the sign-in page, even after the dashboard one was hidden', async () => {
    vi.stubGlobal('isSecureContext', false)
    localStorage.removeItem('token')
    setToken(null)
    renderApp('/login')
    await screen.findByRole('button', { name: 'Se connecter' })
    // The dashboard's was hidden in the test before (module state, as in one page's life): the
    // sign-in page's cannot be hidden, so it shows.
    const box = notice()!
    expect(within(box).getByRole('link', { name: 'Installer le certificat du site' })).toHaveAttribute(
      'href',
      '/installer',
    )
    expect(box).not.toHaveTextContent(TEXT)
    expect(within(box).queryByRole('button', { name: 'Masquer' })).toBeNull()
  })

  it('shows nothing on a secure page', async () => {
    vi.stubGlobal('isSecureContext', true)
    renderApp('/')
    await mainMenu()
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument()
  })
})
