import 'fake-indexeddb/auto'
import { endpoints, type ExpectedReception } from '@contract'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { tables } from '@/lib/db'
import { showToast } from '@/lib/ui/toast'
import { apiError, handle } from '../../../../tests/msw/contract.ts'
import { writeBody } from '../../../../tests/msw/stock-write.ts'
import { renderStockScreen, signedInWithEmptyOutbox } from '../../../../tests/client/stock-screen.tsx'
import { typeScan } from '../../../../tests/client/scanner.ts'
import { notice, summary } from '@/testing/reception-notice'
import { Reception } from './reception.tsx'

vi.mock('@/lib/ui/toast', () => ({ showToast: vi.fn() }))

/**
 * The screen's wiring against an expected delivery (issue 34): the rules (the figures, what a scan
 * says, what is sent, kept and asked) are tested in ../expected.test.ts, ../delivery.test.ts,
 * ../model.test.ts and ../scan.test.ts.
 */
type Body = { lines: { code: string; quantity: number; location: string }[]; expected?: number }
let current: ExpectedReception
const sent: Body[] = []
const closes: { id: unknown; key: string | null }[] = []

const server = setupServer(
  handle(endpoints.locationInformation, ({ params }) => ({ name: String(params.locationName), stock: [] })),
  handle(endpoints.productInfoInventory, () => apiError(404, 'not_found', 'Produit introuvable.')),
  handle(endpoints.expectedReceptionList, () => ({ receptions: [summary(current)] })),
  handle(endpoints.expectedReceptionGet, () => current),
  handle(endpoints.receptionAdd, async ({ request }) => {
    const body = await writeBody<Body>(request)
    sent.push(body)
    // The server counts the units against the delivery and answers it as it stands.
    const lines = current.lines.map((l) => {
      const received =
        l.received + body.lines.filter((b) => b.code === l.sku).reduce((n, b) => n + b.quantity, 0)
      return { ...l, received, difference: received - l.expected }
    })
    current = { ...current, lines }
    return { movements: [], expected: current }
  }),
  handle(endpoints.expectedReceptionClose, ({ request, params }) => {
    closes.push({ id: params.id, key: request.headers.get('Idempotency-Key') })
    current = { ...current, status: 'completed', completedAt: '2026-12-01T10:00:00.000Z', completedBy: 'Ana' }
    return current
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
signedInWithEmptyOutbox()
beforeEach(() => {
  current = notice()
})
afterEach(() => {
  server.resetHandlers()
  sent.length = 0
  closes.length = 0
  vi.mocked(showToast).mockClear()
})
afterAll(() => server.close())

const rowOf = (name: string) =>
  screen.getAllByTestId('tally-row').find((el) => within(el).queryByText(name)) as HTMLElement

async function scanDestination(name: string) {
  await typeScan(screen.getByLabelText('Emplacement de réception'), name)
  expect(await screen.findByText(`Destination : ${name}`)).toBeInTheDocument()
}

async function chooseDelivery(user: ReturnType<typeof renderStockScreen>) {
  await user.click(screen.getByRole('button', { name: 'Choisir' }))
  await user.click(await screen.findByRole('button', { name: /LIV-2026-001/ }))
  expect(
    within(screen.getByRole('group', { name: 'Réception attendue' })).getByText('« LIV-2026-001 »'),
  ).toBeInTheDocument()
  // The scanner's next code goes to the scan field, not to the list's button.
  await waitFor(() => expect(screen.getByLabelText('Emplacement de réception')).toHaveFocus())
}

describe('reception against an expected delivery', () => {
  it('shows expected / received as units come in, sends them with the delivery, and closes it naming the differences', async () => {
    const user = renderStockScreen(<Reception shopSlug="shop" />)
    await chooseDelivery(user)
    await waitFor(() => expect(within(rowOf('Tasse bleue')).getByText('0 / 2')).toBeInTheDocument())

    await scanDestination('A-01')
    for (let i = 0; i < 3; i++) await typeScan(screen.getByLabelText('Produit'), '3700000000013')
    await waitFor(() => expect(within(rowOf('Tasse bleue')).getByText('3 / 2')).toBeInTheDocument())
    expect(within(rowOf('Tasse bleue')).getByText('1 en trop')).toBeInTheDocument()
    expect(within(rowOf('Tasse bleue')).getByText('SKU-1 · 3 à valider')).toBeInTheDocument()
    expect(screen.getByText('Tasse bleue : 3 reçus pour 2 annoncés (1 en trop).')).toBeInTheDocument()

    // Closing waits for the lines.
    await user.click(screen.getByRole('button', { name: 'Clôturer la réception' }))
    expect(await screen.findByText('Validez d’abord les lignes en cours.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Valider la réception' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({ lines: [{ code: 'SKU-1', quantity: 3, location: 'A-01' }], expected: 7 })
    // The server's count now holds them: nothing left to validate, nothing counted twice.
    await waitFor(() => expect(within(rowOf('Tasse bleue')).getByText('SKU-1')).toBeInTheDocument())
    expect(within(rowOf('Tasse bleue')).getByText('3 / 2')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Clôturer la réception' }))
    expect(
      await screen.findByText(
        'Clôturer la réception « LIV-2026-001 » : 1 produit en moins, 1 en trop. La boutique sera prévenue de ces écarts.',
      ),
    ).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Confirmer la clôture' }))
    await waitFor(() => expect(closes).toHaveLength(1))
    expect(closes[0]?.id).toBe('7')
    expect(closes[0]?.key).toMatch(/^[0-9a-f-]{36}$/)
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        color: 'green',
        message: 'Réception « LIV-2026-001 » clôturée.',
      }),
    )
    expect(await screen.findByText('Sans annonce')).toBeInTheDocument()
    expect(screen.queryByTestId('tally-row')).not.toBeInTheDocument()
  })

  it('offline, counts the queued reception as waiting, queues the close behind it, and takes the delivery off the list', async () => {
    const user = renderStockScreen(<Reception shopSlug="shop" />)
    await chooseDelivery(user)
    await waitFor(() => expect(within(rowOf('Bol rouge')).getByText('0 / 1')).toBeInTheDocument())
    server.use(
      handle(endpoints.receptionAdd, () => HttpResponse.error()),
      handle(endpoints.expectedReceptionClose, () => HttpResponse.error()),
      handle(endpoints.expectedReceptionList, () => HttpResponse.error()),
    )
    await scanDestination('A-01')
    await typeScan(screen.getByLabelText('Produit'), 'SKU-2')
    await user.click(screen.getByRole('button', { name: 'Valider la réception' }))
    await waitFor(() =>
      expect(within(rowOf('Bol rouge')).getByText('SKU-2 · 1 en attente d’envoi')).toBeInTheDocument(),
    )
    expect(within(rowOf('Bol rouge')).getByText('1 / 1')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Clôturer la réception' }))
    await user.click(await screen.findByRole('button', { name: 'Confirmer la clôture' }))
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith({
        color: 'orange',
        message:
          'Clôture de « LIV-2026-001 » enregistrée sur l’appareil : elle sera envoyée dès le retour du réseau.',
      }),
    )
    // Both wait on the device, the close behind the reception (outbox/registry.ts expectedLane).
    const rows = await tables.outbox().orderBy('id').toArray()
    expect(rows.map((r) => r.kind)).toEqual(['reception', 'receptionClose'])
    // Back to a reception without notice; the list kept from before no longer offers it.
    await user.click(await screen.findByRole('button', { name: 'Choisir' }))
    expect(await screen.findByText('Hors ligne : dernière liste connue.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /LIV-2026-001/ })).not.toBeInTheDocument()
  })
})
