import { endpoints, type PickingPrint, type PickingTypeCount, type Printer } from '@contract'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  AgentNotReadyError,
  PRINT_DONE_EVENT,
  printAgent,
  printingKeys,
  type PrintDoneDetail,
} from '@/features/printing'
import { apiError, handle } from '../../../../tests/msw/contract.ts'
import { PickingShop } from './picking-shop.tsx'

const IP = '192.168.1.20'
const A4: Printer = { name: 'HP LaserJet A4', use: 'a4' }
const LABEL: Printer = { name: 'Zebra ZD421', use: 'label' }
const shop = { slug: 'maison-lumiere', name: 'Maison Lumière', orderCount: 19 }

const answer = (name = 'ML-MONO-GIFT-0042', orders = 12): PickingPrint => ({
  batch: {
    id: 42,
    name,
    shop: shop.slug,
    pickingType: 'mono_gift',
    campaign: null,
    orders,
    units: orders + 3,
    printedAt: '2026-11-23T14:05:00.000Z',
  },
  elements: [
    {
      title: `Liste de picking ${name}`,
      url: `http://x/rest/documents/${name}-list`,
      format: 'pdf',
      expiresAt: '',
    },
    {
      title: `Cartes cadeau ${name}`,
      url: `http://x/rest/documents/${name}-gift`,
      format: 'pdf',
      expiresAt: '',
    },
  ],
})

const TYPES: PickingTypeCount[] = [
  { pickingType: 'mono', orders: 0, units: 0 },
  { pickingType: 'mono_gift', orders: 12, units: 15 },
  { pickingType: 'multi_customized', orders: 3, units: 8 },
]

/** Every call of the print endpoint, with its Idempotency-Key, what it asked and what it got. */
let prints: { key: string | null; type: string; limit: string | null }[]
/** What the next calls answer, in order; a plain answer after the list runs out. */
let script: (() => Response | PickingPrint | Promise<Response | PickingPrint>)[]
let countCalls: number
let printed: PrintDoneDetail[]

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  localStorage.clear()
  prints = []
  script = []
  countCalls = 0
  printed = []
  server.use(
    handle(endpoints.pickingOrderCount, () => {
      countCalls++
      return { types: TYPES }
    }),
    handle(endpoints.pickingCampaignList, () => ({
      campaigns: [{ code: 'NOEL', name: 'Noël 2026', orders: 4, units: 6 }],
    })),
    handle(endpoints.pickingPrint, ({ request, params }) => {
      prints.push({
        key: request.headers.get('Idempotency-Key'),
        type: String(params.pickingType),
        limit: new URL(request.url).searchParams.get('limit'),
      })
      return (script.shift() ?? (() => answer()))()
    }),
  )
  vi.spyOn(printAgent, 'getState').mockReturnValue('ready')
  vi.spyOn(printAgent, 'print').mockResolvedValue(undefined)
  window.addEventListener(PRINT_DONE_EVENT, onPrintDone)
})
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
  window.removeEventListener(PRINT_DONE_EVENT, onPrintDone)
})
const onPrintDone = (event: Event) => printed.push((event as CustomEvent<PrintDoneDetail>).detail)

function renderScreen(printers: Printer[] = [LABEL, A4]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  // The workstation's printing context, as the printing gate leaves it loaded.
  queryClient.setQueryData(printingKeys.localIp(), IP)
  queryClient.setQueryData(printingKeys.printers(IP), printers)
  const onPrinted = vi.fn()
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <PickingShop shop={shop} onPrinted={onPrinted} />
      </QueryClientProvider>
    </MantineProvider>,
  )
  return { user: userEvent.setup(), onPrinted }
}

const radio = (name: RegExp) => screen.findByRole('radio', { name })
const printButton = () => screen.getByRole('button', { name: 'Imprimer' })
const ordersField = () => screen.getByRole('textbox', { name: 'Nombre de commandes' })

/**
 * The screen's wiring only: the rules (the eight types in place, the number proposed, what is
 * refused before any call and with which message, the key of a click, what a batch is called) are
 * tested in ../model.test.ts and ../pending-print.test.ts. Each test renders the screen once (the
 * reload test twice) and walks several steps.
 */
// Mantine's inputs and the print chain render a lot per step: slow on a busy 2-core CI machine.
describe('pick list of a shop', { timeout: 15_000 }, () => {
  it('shows the orders and units ready for the eight types, mono then multi, and the campaigns, none chosen; on a station without an A4 printer, says so and claims nothing', async () => {
    const { user } = renderScreen([LABEL])
    await radio(/^Mono cadeau/)
    expect(screen.getAllByRole('radio').map((r) => r.textContent)).toEqual([
      'Mono0 commande0 article',
      'Mono personnalisée0 commande0 article',
      'Mono cadeau12 commandes15 articles',
      'Mono classique0 commande0 article',
      'Multi0 commande0 article',
      'Multi personnalisée3 commandes8 articles',
      'Multi cadeau0 commande0 article',
      'Multi classique0 commande0 article',
      'Noël 20264 commandes6 articles',
    ])
    expect(screen.getByRole('heading', { name: 'Mono-article' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Multi-articles' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Mono cadeau 12 commandes 15 articles' })).toHaveAttribute(
      'aria-checked',
      'false',
    )

    await user.click(await radio(/^Mono cadeau/))
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Aucune imprimante A4 configurée pour ce poste : la liste ne peut pas être imprimée ici.',
    )
    expect(printButton()).toBeDisabled()
    await user.type(ordersField(), '{Enter}')
    expect(prints).toHaveLength(0)
  })

  it("shows the server's French message when nothing is ready any more and prints nothing; then prints once per Enter or click with an Idempotency-Key, showing the progress and taking no second one meanwhile, every element on the A4 printer, logged with its picking type", async () => {
    let release = () => {}
    script = [
      () => apiError(404, 'not_found', 'Aucune commande prête de type Mono cadeau pour Maison Lumière.'),
      () => new Promise((resolve) => (release = () => resolve(answer()))),
    ]
    const { user, onPrinted } = renderScreen()
    await user.click(await radio(/^Mono cadeau/))
    // 30 by default, but only 12 are ready.
    expect(ordersField()).toHaveValue('12')
    await user.click(printButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Aucune commande prête de type Mono cadeau pour Maison Lumière.',
    )
    expect(printAgent.print).not.toHaveBeenCalled()
    expect(onPrinted).not.toHaveBeenCalled()
    await waitFor(() => expect(countCalls).toBe(2))

    // Enter prints; while the print runs, the progress shows and a second Enter does nothing.
    await user.type(ordersField(), '{Enter}')
    expect(await screen.findByRole('status')).toHaveTextContent('Réservation des commandes…')
    expect(printButton()).toBeDisabled()
    await user.type(ordersField(), '{Enter}')
    await waitFor(() => expect(prints).toHaveLength(2))
    release()
    expect(await screen.findByText('Liste ML-MONO-GIFT-0042 imprimée')).toBeInTheDocument()
    expect(prints).toHaveLength(2)
    expect(prints[1]).toMatchObject({ type: 'mono_gift', limit: '12' })
    expect(prints.map((p) => p.key)).toEqual([
      expect.stringMatching(/^[0-9a-f-]{36}$/),
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    ])
    // The server answered the first click: the next one was a new request, under a new key.
    expect(prints[1]?.key).not.toBe(prints[0]?.key)
    expect(vi.mocked(printAgent.print).mock.calls).toEqual([
      ['HP LaserJet A4', [{ url: 'http://x/rest/documents/ML-MONO-GIFT-0042-list', format: 'pdf' }]],
      ['HP LaserJet A4', [{ url: 'http://x/rest/documents/ML-MONO-GIFT-0042-gift', format: 'pdf' }]],
    ])
    // What the print history records (docs/specification.md §3: a print element plus its picking type).
    expect(printed.map((p) => [p.title, p.type, p.printer])).toEqual([
      ['Liste de picking ML-MONO-GIFT-0042', 'mono_gift', 'HP LaserJet A4'],
      ['Cartes cadeau ML-MONO-GIFT-0042', 'mono_gift', 'HP LaserJet A4'],
    ])
    expect(screen.getByRole('status')).toHaveTextContent('Mono cadeau · 12 commandes · 15 articles')
    // The counts and the menu's badge follow.
    await waitFor(() => expect(countCalls).toBe(3))
    expect(onPrinted).toHaveBeenCalledTimes(1)
    // A second click is a second list, under a new key.
    await user.click(printButton())
    await waitFor(() => expect(prints).toHaveLength(3))
    expect(prints[2]?.key).not.toBe(prints[1]?.key)
  })

  it('puts what is missing or wrong on its field, in French, before any call, and prints a campaign through its own route', async () => {
    const campaignCalls: { campaign: string; key: string | null }[] = []
    server.use(
      handle(endpoints.pickingPrintCampaign, ({ request, params }) => {
        campaignCalls.push({ campaign: String(params.campaign), key: request.headers.get('Idempotency-Key') })
        const print = answer('ML-NOEL-0001', 4)
        return { ...print, batch: { ...print.batch, pickingType: null, campaign: 'Noël 2026' } }
      }),
    )
    const { user } = renderScreen()
    await radio(/^Mono cadeau/)
    await user.click(printButton())
    expect(await screen.findByText('Choisissez un type de picking ou une campagne.')).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: /^Mono classique/ }))
    await user.click(printButton())
    expect(
      await screen.findByText('Aucune commande prête pour ce choix : rien à imprimer.'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: /^Mono cadeau/ }))
    await user.clear(ordersField())
    await user.type(ordersField(), '40{Enter}')
    expect(
      await screen.findByText('Seules 12 commandes sont prêtes : prenez-en 12 au plus.'),
    ).toBeInTheDocument()
    await user.clear(ordersField())
    await user.type(ordersField(), '{Enter}')
    expect(await screen.findByText('Indiquez le nombre de commandes à prendre.')).toBeInTheDocument()
    expect(prints).toHaveLength(0)

    await user.click(screen.getByRole('radio', { name: /^Noël 2026/ }))
    await user.click(printButton())
    expect(await screen.findByText('Liste ML-NOEL-0001 imprimée')).toBeInTheDocument()
    expect(campaignCalls).toEqual([{ campaign: 'NOEL', key: expect.any(String) }])
    expect(prints).toHaveLength(0)
    expect(screen.getByRole('status')).toHaveTextContent('Noël 2026 · 4 commandes · 7 articles')
  })

  it('sends the same key again when the worker retries a click that got no answer, through a reload of the screen too; says a list made but not printed (no print agent) and reprints it from the list; makes a new key once answered, and when the choice changed after a click without answer', async () => {
    script = [
      () => HttpResponse.error(),
      () => HttpResponse.error(),
      () => answer(),
      () => HttpResponse.error(),
    ]
    vi.mocked(printAgent.print).mockRejectedValueOnce(new AgentNotReadyError())
    let reprints = 0
    server.use(
      handle(endpoints.pickingReprint, ({ params }) => {
        reprints++
        return answer(String(params.pickingName))
      }),
    )
    const first = renderScreen()
    await first.user.click(await radio(/^Mono cadeau/))
    await first.user.click(printButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Serveur injoignable. Vérifiez la connexion réseau. Cliquez à nouveau sur « Imprimer » : si la liste a déjà été créée, c'est elle qui sera imprimée.",
    )
    expect(prints).toHaveLength(1)
    expect(printAgent.print).not.toHaveBeenCalled()
    await first.user.click(printButton())
    await waitFor(() => expect(prints).toHaveLength(2))
    expect(prints[1]?.key).toBe(prints[0]?.key)
    await screen.findByRole('alert')
    cleanup()

    // Reloaded, the same click sends the same key; the list is made, but the print agent is not running.
    const { user } = renderScreen()
    await user.click(await radio(/^Mono cadeau/))
    await user.click(printButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "La liste ML-MONO-GIFT-0042 est créée (ses commandes vous sont réservées) mais n'a pas été imprimée : Merci de lancer le logiciel QZ Tray Réimprimez-la ci-dessous une fois le problème réglé.",
    )
    expect(prints.map((p) => p.key)).toEqual([prints[0]?.key, prints[0]?.key, prints[0]?.key])
    const recent = screen.getByRole('region', { name: 'Dernières listes imprimées sur ce poste' })
    expect(recent).toHaveTextContent('ML-MONO-GIFT-0042')
    await user.click(within(recent).getByRole('button', { name: 'Réimprimer ML-MONO-GIFT-0042' }))
    expect(await screen.findByText('Liste ML-MONO-GIFT-0042 réimprimée')).toBeInTheDocument()
    expect(reprints).toBe(1)
    expect(prints).toHaveLength(3)
    expect(printed.map((p) => p.type)).toEqual(['mono_gift', 'mono_gift'])

    // Answered: the next click is a new request; without answer, then another number, a new key again.
    await user.click(printButton())
    await waitFor(() => expect(prints).toHaveLength(4))
    expect(prints[3]?.key).not.toBe(prints[0]?.key)
    await screen.findByRole('alert')
    await user.clear(ordersField())
    await user.type(ordersField(), '5')
    await user.click(printButton())
    expect(await screen.findByText('Liste ML-MONO-GIFT-0042 imprimée')).toBeInTheDocument()
    expect(prints).toHaveLength(5)
    expect(prints[4]).toMatchObject({ limit: '5' })
    expect(prints[4]?.key).not.toBe(prints[3]?.key)
  })
})
