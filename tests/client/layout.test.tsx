import { endpoints, type UserAccess } from '@contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { apiError, handle } from '../msw/contract.ts'
import { reportServerReached } from '@/lib/network-status'
import { accessWith } from '../msw/fixtures.ts'
import { renderApp } from './render-app.tsx'
import { probeUnanswered, signedInApp } from './signed-in-app.ts'

let access: UserAccess
const server = signedInApp(() => access)
beforeEach(() => {
  access = accessWith()
})

const mainMenu = () => screen.findByRole('navigation', { name: 'Menu principal' })

describe('side navigation', () => {
  it('shows the sections and items of the roles, in SPEC order, with the picking badge', async () => {
    renderApp('/')
    const menu = await mainMenu()
    const links = within(menu).getAllByRole('link')
    expect(links.map((l) => l.textContent?.replace(/\d+$/, ''))).toEqual([
      'Home',
      'Picking',
      // jsdom runs on http://localhost: a development host, where 'Picking scan' shows (docs/specification.md §9).
      'Picking scan',
      'Expédition',
      'Colis',
      'Bordereau transport',
      'Transfert / Rangement',
      'Information commande',
      'Retour',
      'Impression emplacement',
      'Impression caisse',
    ])
    // 12 + 5 + a shop without orderCount (0), on both picking items.
    expect(within(links[1] as HTMLElement).getByText('17')).toBeInTheDocument()
    expect(within(links[2] as HTMLElement).getByText('17')).toBeInTheDocument()
    expect(within(menu).getByText('Flux Sortants')).toBeInTheDocument()
    expect(within(menu).queryByText('Gestion des Stocks')).toBeInTheDocument()
  })

  it('hides the picking badge when no shop has orders waiting', async () => {
    access = accessWith({
      shops: [
        { slug: 'a', name: 'A', orderCount: 0 },
        { slug: 'b', name: 'B' },
      ],
    })
    renderApp('/')
    const menu = await mainMenu()
    const picking = within(menu)
      .getAllByRole('link')
      .find((l) => l.getAttribute('href') === '/warehouse/picking')
    expect(picking).toHaveTextContent(/^Picking$/)
  })

  it('marks the item of the current screen, deep paths included, but not a sibling path', async () => {
    renderApp('/warehouse/picking/atelier-velo')
    const menu = await mainMenu()
    const byHref = (href: string) =>
      within(menu)
        .getAllByRole('link')
        .find((l) => l.getAttribute('href') === href)
    expect(byHref('/warehouse/picking')).toHaveAttribute('data-active', 'true')
    expect(byHref('/warehouse/picking-session')).not.toHaveAttribute('data-active')
    expect(byHref('/')).not.toHaveAttribute('data-active')
  })

  it('removes the whole warehouse menu for a user without warehouse access', async () => {
    access = accessWith({ warehouse: null })
    renderApp('/')
    const menu = await mainMenu()
    expect(
      within(menu)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home'])
    expect(
      await screen.findByText("Votre compte n'a pas accès aux écrans de l'entrepôt."),
    ).toBeInTheDocument()
  })
})

describe('header', () => {
  it('shows the debug indicator and the admin link only when the profile says so', async () => {
    access = accessWith({ debug: true, adminUrl: 'https://admin.example.fr' })
    renderApp('/')
    await mainMenu()
    expect(screen.getByRole('button', { name: 'Mode débug activé' })).toBeInTheDocument()
    const admin = screen.getByRole('link', { name: 'Accès administrateur' })
    expect(admin).toHaveAttribute('href', 'https://admin.example.fr')
    expect(admin).toHaveAttribute('target', '_blank')
  })

  it('shows no debug indicator nor admin link by default, and the printing context of the workstation', async () => {
    renderApp('/')
    await mainMenu()
    expect(screen.queryByRole('button', { name: 'Mode débug activé' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Accès administrateur' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Votre ip est accessible : 192.168.1.20' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Votre ordinateur est configuré' })).toBeInTheDocument()
    // No print agent in jsdom.
    expect(screen.getByRole('button', { name: 'Merci de lancer le logiciel QZ Tray' })).toBeInTheDocument()
  })

  it('shows the not-ready indicators for an unknown workstation with a masked IP', async () => {
    server.use(
      handle(endpoints.computerExists, () => new HttpResponse(null, { status: 404 })),
      handle(endpoints.printerList, () =>
        apiError(404, 'not_found', 'Aucune imprimante configurée pour ce poste.'),
      ),
    )
    renderApp('/', '8c5d3f0e-1b2a-4c3d-9e8f-0a1b2c3d4e5f.local')
    await mainMenu()
    expect(screen.getByRole('button', { name: 'Votre IP local est inaccessible' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: "Votre ordinateur n'est pas configuré" })).toBeInTheDocument()
  })

  it('opens the app on a machine with no network route (no IP candidate): nothing reported, IP inaccessible', async () => {
    const reported: unknown[] = []
    server.use(
      handle(endpoints.reportUserIp, async ({ request }) => {
        reported.push(await request.json())
        return { ip: '' }
      }),
    )
    renderApp('/', null)
    await mainMenu()
    expect(
      screen.queryByText("Une erreur est survenue. Impossible de charger les paramètres d'impression."),
    ).toBeNull()
    expect(screen.getByRole('button', { name: 'Votre IP local est inaccessible' })).toBeInTheDocument()
    // The server found the workstation by the request's source address.
    expect(screen.getByRole('button', { name: 'Votre ordinateur est configuré' })).toBeInTheDocument()
    expect(reported).toEqual([])
  })

  it('opens the account drawer with the user and logs out to /login, ending the session on the server', async () => {
    const token = localStorage.getItem('token')
    const endedWith: (string | null)[] = []
    server.use(
      handle(endpoints.logout, ({ request }) => {
        endedWith.push(request.headers.get('authorization'))
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const { router } = renderApp('/warehouse/shipment')
    const user = userEvent.setup()
    await mainMenu()
    await user.click(screen.getByRole('button', { name: 'Mon compte' }))
    const drawer = await screen.findByRole('dialog', { name: 'Mon compte' })
    expect(within(drawer).getByText('Demo Entrepôt')).toBeInTheDocument()
    expect(within(drawer).getByText('demo@entrepot.test')).toBeInTheDocument()
    await user.click(within(drawer).getByRole('button', { name: 'Déconnexion' }))
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem('token')).toBeNull()
    await waitFor(() => expect(endedWith).toEqual([`Bearer ${JSON.parse(token ?? '""')}`]))
  })

  it('switches to the dark theme and remembers it under theme-mode', async () => {
    renderApp('/')
    const user = userEvent.setup()
    await mainMenu()
    await user.click(screen.getByRole('button', { name: 'Mon compte' }))
    await user.click(await screen.findByRole('button', { name: 'Thème sombre' }))
    expect(localStorage.getItem('theme-mode')).toBe('dark')
    expect(document.documentElement).toHaveAttribute('data-color-scheme', 'dark')
  })
})

describe('global search', () => {
  it('toggles with Ctrl+K, asks for keywords, finds by group, and goes to the result', async () => {
    const { router } = renderApp('/')
    const user = userEvent.setup()
    await mainMenu()
    await user.keyboard('{Control>}k{/Control}')
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Please enter keywords')).toBeInTheDocument()
    await user.type(within(dialog).getByRole('textbox'), 'IMPRESSION')
    const options = within(dialog).getAllByRole('option')
    expect(options.map((o) => within(o).getByText(/^\/warehouse/).textContent)).toEqual([
      '/warehouse/print-location',
      '/warehouse/print-box',
    ])
    await user.keyboard('{ArrowDown}{Enter}')
    expect(router.state.location.pathname).toBe('/warehouse/print-box')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('says so when nothing matches, and closes with Escape', async () => {
    renderApp('/')
    const user = userEvent.setup()
    await mainMenu()
    await user.click(screen.getByRole('button', { name: 'Rechercher' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByRole('textbox'), 'zzz')
    // Once the code look-up has answered (a text could be an order or a location).
    expect(await within(dialog).findByText('Not found')).toBeInTheDocument()
    expect(
      within(dialog).getByText('No results found for "zzz". Try checking for typos or using complete words.'),
    ).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('lists what a typed code names, and Enter opens it when no screen matches', async () => {
    const asked: string[] = []
    server.use(
      // Really out of reach: a probe that answered (every 2 s while away) would end the test's
      // offline spell before a slow machine had typed the code.
      probeUnanswered(),
      handle(endpoints.globalLookup, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('q') ?? '')
        return {
          results: [
            {
              kind: 'order' as const,
              code: 'ML-MULTI-0042',
              label: 'Élodie Martin',
              order: 'ML-MULTI-0042',
              shop: { slug: 'maison-lumiere', name: 'Maison Lumière' },
            },
          ],
        }
      }),
    )
    const { router } = renderApp('/')
    const user = userEvent.setup()
    await mainMenu()
    await user.keyboard('{Control>}k{/Control}')
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByRole('textbox'), 'ml-multi-0042')
    const found = await within(dialog).findByRole('option', { name: /Commande ML-MULTI-0042/ })
    expect(found).toHaveTextContent('Maison Lumière · Élodie Martin')
    expect(found).toHaveTextContent('Information commande')
    // One request once the text rests, not one per key.
    expect(asked).toEqual(['ml-multi-0042'])
    await user.keyboard('{Enter}')
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/warehouse/order-information/ML-MULTI-0042'),
    )
  })

  it("says the server's refusal of a look-up as it is, not as 'offline'", async () => {
    server.use(handle(endpoints.globalLookup, () => apiError(500, 'internal', 'Erreur du serveur.')))
    renderApp('/')
    const user = userEvent.setup()
    await mainMenu()
    await user.keyboard('{Control>}k{/Control}')
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByRole('textbox'), 'ml-multi-0042')
    expect(
      await within(dialog).findByText('Commandes et produits non cherchés : Erreur du serveur.'),
    ).toBeInTheDocument()
    expect(within(dialog).queryByText(/^Hors ligne/)).toBeNull()
  })

  it('with the server unreachable, finds screens alone and says so, asking nothing', async () => {
    const { router } = renderApp('/')
    const user = userEvent.setup()
    await mainMenu()
    // The server out of reach, really: every call (the probe, the screens' own queries) gets no
    // answer. Telling the app alone was not enough on a slow machine: a query of the print set-up
    // answered meanwhile, and the app rightly took the server for back.
    const asked: string[] = []
    let cut = true
    server.use(
      http.all('*', ({ request }) => {
        if (!cut) return // on to the usual handlers
        asked.push(new URL(request.url).pathname)
        return HttpResponse.error()
      }),
    )
    reportServerReached(false)
    try {
      await user.keyboard('{Control>}k{/Control}')
      const dialog = await screen.findByRole('dialog')
      await user.type(within(dialog).getByRole('textbox'), 'ml-multi-0042{Enter}')
      expect(
        await within(dialog).findByText(
          'Hors ligne : seuls les écrans sont cherchés, pas les commandes ni les produits.',
        ),
      ).toBeInTheDocument()
      expect(within(dialog).queryByText('Recherche du code…')).toBeNull()
      expect(within(dialog).getByText('Not found')).toBeInTheDocument()
      expect(asked.filter((path) => path.startsWith('/rest/search'))).toEqual([])
      expect(router.state.location.pathname).toBe('/')
    } finally {
      cut = false
      reportServerReached(true)
    }
  })

  it('does not offer screens the user cannot open', async () => {
    access = accessWith({ warehouse: { roles: ['Picking'] } })
    renderApp('/')
    const user = userEvent.setup()
    await mainMenu()
    await user.keyboard('{Control>}k{/Control}')
    await user.type(within(await screen.findByRole('dialog')).getByRole('textbox'), 'colis')
    expect(await screen.findByText('Not found')).toBeInTheDocument()
  })
})

describe('on a handheld', () => {
  it('opens the menu from the header button and closes it after navigating', async () => {
    // A 360 px screen: no min-width media query matches.
    const desktop = window.matchMedia
    window.matchMedia = ((query: string) => ({
      ...desktop(query),
      matches: false,
    })) as typeof window.matchMedia
    try {
      const { router } = renderApp('/')
      const user = userEvent.setup()
      await screen.findByRole('heading', { name: 'Bonjour Demo Entrepôt' })
      expect(screen.queryByRole('navigation', { name: 'Menu principal' })).not.toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Ouvrir le menu' }))
      const menu = await mainMenu()
      await user.click(within(menu).getByRole('link', { name: 'Colis' }))
      expect(router.state.location.pathname).toBe('/warehouse/packaging')
      await waitFor(() =>
        expect(screen.queryByRole('navigation', { name: 'Menu principal' })).not.toBeInTheDocument(),
      )
    } finally {
      window.matchMedia = desktop
    }
  })
})
