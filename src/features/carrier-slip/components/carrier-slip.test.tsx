import 'fake-indexeddb/auto'
import { carrierSlipClose, carrierSlipList, routingPackage, type PrintDocument } from '@contract'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { SCAN_FEEDBACK_EVENT, type ScanFeedbackDetail } from '@/features/scanning/feedback'
import { tables } from '@/lib/db'
import { apiError, handle } from '../../../../tests/msw/contract.ts'
import { renderStockScreen, signedInWithEmptyOutbox } from '../../../../tests/client/stock-screen.tsx'
import { closedAnswer, COLISSIMO, EMPTY, GROUPS, routing, UPS } from '../../../testing/carrier-slip.ts'
import { CarrierSlip } from './carrier-slip.tsx'

/** The reference server in memory: the open slips, routing by the list, closes once per key. */
let network = true
let refuseClose: Response | null = null
const closes: { group: string; key: string; body: unknown }[] = []
const answered = new Map<string, unknown>()
const routed: string[] = []
const print = vi.fn(async (_document: PrintDocument) => undefined)

const server = setupServer(
  handle(carrierSlipList, () => ({ groups: GROUPS })),
  handle(routingPackage, ({ params }) => {
    const code = String(params.package)
    routed.push(code)
    return routing(code, GROUPS.find((g) => g.parcels.some((p) => p.trackingNumber === code)) ?? null)
  }),
  handle(carrierSlipClose, async ({ request, params }) => {
    const key = request.headers.get('Idempotency-Key') ?? ''
    closes.push({ group: String(params.carrierSlipGroup), key, body: await request.json() })
    if (!network) return HttpResponse.error()
    if (refuseClose) return refuseClose
    if (!answered.has(key)) answered.set(key, closedAnswer(COLISSIMO, 1, 1250))
    return answered.get(key) as never
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
signedInWithEmptyOutbox()
const feedback: string[] = []
const onFeedback = (event: CustomEvent<ScanFeedbackDetail>) => feedback.push(event.detail.kind)
beforeEach(() => {
  network = true
  refuseClose = null
  closes.length = 0
  answered.clear()
  routed.length = 0
  feedback.length = 0
  print.mockClear()
  window.addEventListener(SCAN_FEEDBACK_EVENT, onFeedback)
})
afterEach(() => {
  window.removeEventListener(SCAN_FEEDBACK_EVENT, onFeedback)
  server.resetHandlers()
})
afterAll(() => server.close())

type User = ReturnType<typeof userEvent.setup>
/**
 * The screen, and a user whose keys come with no pause between them: a code typed with a pause
 * (a loaded machine) over the wedge's 50 ms gap would be read as a person's key then a scan.
 */
const renderScreen = () => {
  renderStockScreen(<CarrierSlip onPrint={print} />)
  return userEvent.setup({ delay: null })
}
const scan = async (user: User, code: string) =>
  user.type(await screen.findByLabelText('Colis'), `${code}{Enter}`)
const card = (name: string) =>
  screen.getAllByTestId('slip-group').find((c) => within(c).queryByText(name) !== null) as HTMLElement
const loadedCount = () => screen.getByTestId('loaded-count')
const [A, B] = COLISSIMO.parcels.map((p) => p.trackingNumber) as [string, string]

async function openColissimo() {
  const user = renderScreen()
  await user.click(await screen.findByRole('button', { name: 'Ouvrir Colissimo 17 h 30' }))
  await waitFor(() => expect(loadedCount()).toHaveTextContent('0 / 3 chargés'))
  return user
}

/**
 * The wiring of 'Bordereau transport': the list, scans reaching the flow (and the page's scan
 * listener under the close question), the close reaching the server with its key, the manifest the
 * printer, the scans kept through a reload. The rules behind them (what a scan ticks or refuses,
 * the closes offered, the pick-up's colour, the warnings) are asserted in ../model.test.ts and
 * ../scan.test.ts, with these tests' numbers and messages.
 */
describe('bordereau transport', { timeout: 30_000 }, () => {
  // Issue 31: a user limited to some shops is told before scanning, not refused at the close.
  it('lists each open slip: carrier, pickup and minutes left coloured, parcels and weight in kg; says why an empty slip cannot be closed; warns a user limited to some shops of the slip’s other parcels, and says who can close it', async () => {
    server.use(
      handle(carrierSlipList, () => ({ groups: [{ ...COLISSIMO, otherShopsParcels: 17 }, UPS, EMPTY] })),
    )
    const user = renderScreen()
    await screen.findByText('Colissimo 17 h 30')
    await waitFor(() => expect(screen.getAllByTestId('slip-group')).toHaveLength(3))
    const colissimo = card('Colissimo 17 h 30')
    expect(within(colissimo).getByTestId('slip-totals')).toHaveTextContent('3 colis · 3,5 kg')
    expect(within(colissimo).getByText('Colissimo · Bordereau BT-COLISSIMO-000012')).toBeInTheDocument()
    expect(within(colissimo).getByTestId('pickup')).toHaveTextContent('Enlèvement 17:30 · dans 1 h 35')
    expect(within(colissimo).getByTestId('pickup')).toHaveAttribute('data-tone', 'ok')
    expect(within(card('UPS 16 h')).getByTestId('pickup')).toHaveTextContent('passé de 10 min')
    expect(within(card('UPS 16 h')).getByTestId('pickup')).toHaveAttribute('data-tone', 'late')
    expect(within(card('UPS 16 h')).getByTestId('slip-totals')).toHaveTextContent(/^1 colis · 12,4 kg$/)
    expect(within(card('Chronopost 13 h')).getByTestId('pickup')).toHaveAttribute('data-tone', 'soon')
    expect(within(colissimo).getByTestId('slip-other-shops')).toHaveTextContent(
      '+ 17 colis d’autres boutiques : clôture par un utilisateur de toutes les boutiques',
    )
    expect(within(card('UPS 16 h')).queryByTestId('slip-other-shops')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Ouvrir Chronopost 13 h' }))
    expect(await screen.findByTestId('close-block')).toHaveTextContent(
      'Aucun colis sur ce bordereau : rien à clôturer.',
    )
    expect(screen.getByRole('button', { name: 'Clôturer' })).toBeDisabled()
    expect(EMPTY.parcels).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Retour aux bordereaux' }))
    await user.click(await screen.findByRole('button', { name: 'Ouvrir Colissimo 17 h 30' }))
    const warning = await screen.findByTestId('other-shops')
    expect(warning).toHaveTextContent('À clôturer par un utilisateur de toutes les boutiques')
    expect(warning).toHaveTextContent(
      'Ce bordereau porte aussi 17 colis d’autres boutiques, que vous ne gérez pas : vous ne pouvez ni les charger, ni clôturer le bordereau. Demandez à un utilisateur qui a accès à toutes les boutiques de le charger et de le clôturer.',
    )
    expect(screen.getByTestId('close-block')).toHaveTextContent(
      'Clôture impossible avec vos boutiques : des colis d’autres boutiques attendent sur ce bordereau.',
    )
    expect(screen.getByRole('button', { name: 'Clôturer' })).toBeDisabled()
    expect(closes).toEqual([])
  })

  it("ticks a scanned parcel of the slip; refuses another slip's parcel with where it goes, and an unknown one; a scan while the close question is open reaches the screen: the parcel ticked, the question gone, nothing closed; the scanned parcels kept through a reload", async () => {
    const user = await openColissimo()
    await scan(user, A)
    await waitFor(() => expect(loadedCount()).toHaveTextContent('1 / 3 chargés'))
    expect(screen.getByTestId('notice')).toHaveTextContent('Colis 6A00000000011 chargé.')
    expect(routed).toEqual([])

    await scan(user, UPS.parcels[0]!.trackingNumber)
    expect(
      await screen.findByText(
        'Colis 1Z999AA10123456784 refusé : il part avec UPS 16 h. À déposer : Quai, UPS.',
      ),
    ).toBeInTheDocument()
    await scan(user, 'INCONNU-1')
    expect(
      await screen.findByText('Colis INCONNU-1 refusé : Colis inconnu. À déposer : Exceptions.'),
    ).toBeInTheDocument()
    await waitFor(() => expect(feedback).toEqual(['success', 'error', 'error']))
    expect(loadedCount()).toHaveTextContent('1 / 3 chargés')
    // The pre-flight: what would stay, what would miss the pickup, the time left.
    const preflight = screen.getByTestId('preflight')
    expect(preflight).toHaveTextContent('2 colis non scannés : ils restent pour le bordereau suivant')
    expect(preflight).toHaveTextContent('1 commande de ce transporteur pas encore étiquetée')
    expect(preflight).toHaveTextContent('ML-2003 : 1 / 2 colis étiquetés')
    expect(preflight).toHaveTextContent('Enlèvement à 17:30, dans 1 h 35.')

    await user.click(screen.getByRole('button', { name: 'Clôturer' }))
    const choice = await screen.findByRole('dialog', { name: 'Clôturer ce bordereau avec quels colis ?' })
    expect(within(choice).getByRole('button', { name: 'Clôturer avec le colis chargé' })).toHaveFocus()
    // The scanner's keys land on the focused button; its Enter must not press it.
    await user.keyboard(`${B}{Enter}`)
    await waitFor(() => expect(loadedCount()).toHaveTextContent('2 / 3 chargés'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(closes).toEqual([])
    await waitFor(() => expect(screen.getByLabelText('Colis')).toHaveFocus())

    await waitFor(async () => expect(JSON.stringify(await tables.drafts().toArray())).toContain(B))
    cleanup()
    renderScreen()
    expect(
      await screen.findByText(/Saisie en cours restaurée : COLISSIMO-17H : 2 colis scannés/),
    ).toBeInTheDocument()
    await waitFor(() => expect(loadedCount()).toHaveTextContent('2 / 3 chargés'))
  })

  it('closes with the loaded parcel: a close that had no answer is retried with the same key, then the closed slip and the next one are shown and the manifest printed; a refusal of the next close is shown in French, its key a new one', async () => {
    const user = await openColissimo()
    await scan(user, A)
    await waitFor(() => expect(loadedCount()).toHaveTextContent('1 / 3 chargés'))
    network = false
    await user.click(screen.getByRole('button', { name: 'Clôturer' }))
    const choice = await screen.findByRole('dialog', { name: 'Clôturer ce bordereau avec quels colis ?' })
    expect(
      within(choice).getByRole('button', { name: 'Clôturer avec tous les colis (3)' }),
    ).toBeInTheDocument()
    await user.click(within(choice).getByRole('button', { name: 'Clôturer avec le colis chargé' }))
    expect(await screen.findByText(/^Clôture non confirmée/)).toBeInTheDocument()
    // One tap, one POST, with its key.
    expect(closes).toEqual([
      {
        group: 'COLISSIMO-17H',
        key: expect.stringMatching(/^[0-9a-f-]{36}$/),
        body: { trackingNumbers: [A] },
      },
    ])
    network = true
    await user.click(screen.getByRole('button', { name: 'Réessayer la clôture' }))

    const closed = await screen.findByTestId('closed-slip')
    expect(closed).toHaveTextContent('Bordereau BT-COLISSIMO-000012 clôturé')
    expect(closed).toHaveTextContent('Colissimo 17 h 30 · 1 colis, 1,25 kg')
    expect(closed).toHaveTextContent('Bordereau suivant : BT-COLISSIMO-000013')
    const sent = { group: 'COLISSIMO-17H', key: expect.any(String), body: { trackingNumbers: [A] } }
    expect(closes).toEqual([sent, sent])
    expect(closes[1]!.key).toBe(closes[0]!.key)
    await waitFor(() => expect(print).toHaveBeenCalledWith(closedAnswer(COLISSIMO, 1, 1250).manifest))
    expect(await within(closed).findByText('Manifeste envoyé à l’imprimante A4.')).toBeInTheDocument()
    // Back on the list, the scanned set of that slip emptied.
    expect(await screen.findByRole('button', { name: 'Ouvrir Colissimo 17 h 30' })).toBeInTheDocument()
    await waitFor(async () => expect(await tables.drafts().toArray()).toEqual([]))

    refuseClose = apiError(409, 'conflict', 'Plus aucun colis à charger sur ce bordereau.')
    await user.click(screen.getByRole('button', { name: 'Ouvrir Colissimo 17 h 30' }))
    await user.click(await screen.findByRole('button', { name: 'Clôturer' }))
    await user.click(await screen.findByRole('button', { name: 'Clôturer avec tous les colis (3)' }))
    expect(await screen.findByText('Plus aucun colis à charger sur ce bordereau.')).toBeInTheDocument()
    expect(closes).toHaveLength(3)
    expect(closes[2]!.key).not.toBe(closes[0]!.key)
  })
})
