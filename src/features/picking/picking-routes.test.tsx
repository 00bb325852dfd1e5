/** The two picking routes in the whole app: roles, the shop list, the shop's guard, the badge after a print. */
import 'fake-indexeddb/auto'
import { endpoints, type PickingPrint, type UserAccess } from '@contract'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { printAgent } from '@/features/printing'
import { resetDbForTests, tables } from '@/lib/db'
import { setToken } from '@/lib/session'
import { renderApp } from '../../../tests/client/render-app.tsx'
import { handle } from '../../../tests/msw/contract.ts'
import { accessWith, fakeToken, workstationHandlers } from '../../../tests/msw/fixtures.ts'

const PRINTED: PickingPrint = {
  batch: {
    id: 7,
    name: 'AV-MONO-0007',
    shop: 'atelier-velo',
    pickingType: 'mono',
    campaign: null,
    orders: 1,
    units: 1,
    printedAt: '2026-11-23T14:05:00.000Z',
  },
  elements: [{ title: 'Liste AV-MONO-0007', url: 'http://x/rest/documents/t', format: 'pdf', expiresAt: '' }],
}
const server = setupServer()
let access: UserAccess
let accessCalls: number

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(async () => {
  await resetDbForTests()
  accessCalls = 0
  // The demo account 'preparateur': Picking only.
  access = accessWith({
    warehouse: { roles: ['Picking'] },
    shops: [
      { slug: 'maison-lumiere', name: 'Maison Lumière', orderCount: 0 },
      { slug: 'atelier-velo', name: 'Atelier Vélo', orderCount: 1 },
      { slug: 'green-cosmetics', name: 'Green Cosmetics', orderCount: 40 },
    ],
  })
  localStorage.clear()
  setToken(null)
  localStorage.setItem('token', JSON.stringify(fakeToken()))
  vi.spyOn(printAgent, 'start').mockImplementation(() => {})
  vi.spyOn(printAgent, 'getState').mockReturnValue('ready')
  vi.spyOn(printAgent, 'print').mockResolvedValue(undefined)
  server.use(
    ...workstationHandlers(),
    handle(endpoints.userAccess, () => {
      accessCalls++
      return access
    }),
    handle(endpoints.pickingOrderCount, () => ({
      types: [{ pickingType: 'mono' as const, orders: 1, units: 1 }],
    })),
    handle(endpoints.pickingCampaignList, () => ({ campaigns: [] })),
    handle(endpoints.pickingPrint, () => PRINTED),
  )
})
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
})

const heading = (name: string) => screen.findByRole('heading', { level: 1, name })

describe('picking routes', { timeout: 15_000 }, () => {
  it('lists the shops with orders ready first, the empty ones after, each opening its pick lists', async () => {
    const { router } = renderApp('/warehouse/picking')
    await heading('Picking')
    const links = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/warehouse/picking/'))
    // Each card is named by what it shows (axe: the name holds the visible words).
    const names = [
      'Atelier Vélo 1 commande à préparer',
      'Green Cosmetics 40 commandes à préparer',
      'Maison Lumière Aucune commande à préparer',
    ]
    expect(names.map((name) => links.indexOf(screen.getByRole('link', { name })))).toEqual([0, 1, 2])
    expect(screen.getByText('Sans commande prête')).toBeInTheDocument()
    await userEvent.setup().click(links[0]!)
    await waitFor(() => expect(router.state.location.pathname).toBe('/warehouse/picking/atelier-velo'))
    expect(await screen.findByRole('radio', { name: 'Mono 1 commande 1 article' })).toBeInTheDocument()
  })

  it("logs the print with its picking type and refreshes the access profile, so the menu's badge follows", async () => {
    renderApp('/warehouse/picking/atelier-velo')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('radio', { name: /^Mono 1 commande/ }))
    const before = accessCalls
    await user.click(screen.getByRole('button', { name: 'Imprimer' }))
    expect(await screen.findByText('Liste AV-MONO-0007 imprimée')).toBeInTheDocument()
    await waitFor(() => expect(accessCalls).toBe(before + 1))
    // The print history (docs/specification.md §3): the element's title and link, and the list's picking type.
    await waitFor(async () =>
      expect(await tables.printLog().toArray()).toEqual([
        expect.objectContaining({
          name: 'Liste AV-MONO-0007',
          type: 'mono',
          link: 'http://x/rest/documents/t',
        }),
      ]),
    )
  })

  it("answers SPEC §2.2's text for a shop that is not the user's", async () => {
    renderApp('/warehouse/picking/papeterie-du-port')
    expect(
      await screen.findByText('Une erreur est survenue. Impossible de charger les paramètres.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('radio')).not.toBeInTheDocument()
  })

  it.each(['/warehouse/picking', '/warehouse/picking/maison-lumiere'])(
    'refuses %s to an account without the Picking role, naming it',
    async (path) => {
      // The demo account 'stock'.
      access = accessWith({ warehouse: { roles: ['Reception', 'Inventory', 'Transfer', 'Rebut'] } })
      renderApp(path)
      await heading('Accès non autorisé')
      expect(screen.getByRole('alert')).toHaveTextContent(
        'il faut le rôle Préparation (Picking, Picking scan)',
      )
      expect(screen.queryByRole('radio')).not.toBeInTheDocument()
    },
  )
})
