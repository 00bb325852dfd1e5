import 'fake-indexeddb/auto'
import { endpoints, type CustomerReturn } from '@contract'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sendQueuedNow } from '@/features/outbox'
import { tables } from '@/lib/db'
import { renderStockScreen, signedInWithEmptyOutbox } from '../../../../tests/client/stock-screen.tsx'
import { apiError, handle } from '../../../../tests/msw/contract.ts'
import { parked } from '../../../testing/order-return.ts'
import { WaitingReturns } from './waiting-returns.tsx'

/** The server: the waiting list, and every decision it applied (once per key), its body as sent. */
let waiting: CustomerReturn[] = []
const decisions: { number: string; key: string | null; body: unknown }[] = []
const server = setupServer(
  handle(endpoints.returnWaitingList, () => waiting),
  handle(endpoints.returnResolve, async ({ request, params }) => {
    const key = request.headers.get('Idempotency-Key')
    // As sent: a resolution moves no goods, so it carries no validatedAt (the body is compared whole).
    const body = (await request.json()) as { order?: string }
    if (!decisions.some((d) => d.key === key)) decisions.push({ number: String(params.number), key, body })
    if (body.order === 'INCONNU')
      return apiError(404, 'not_found', 'Aucune commande ni numéro de suivi « INCONNU ».')
    waiting = waiting.filter((r) => r.number !== params.number)
    const order = body.order ? { name: 'ML-100006', status: 'partially_returned' as const } : null
    return { ...parked, status: body.order ? ('received' as const) : ('closed' as const), order }
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
signedInWithEmptyOutbox()
beforeEach(() => {
  waiting = [parked]
  decisions.length = 0
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const card = () => screen.findByRole('region', { name: 'RET-000007 · sans commande' })

describe('Retours en attente', () => {
  it('attaches a parked return to the order scanned, once, with its key, and takes it off the list', async () => {
    const user = renderStockScreen(<WaitingReturns />)
    const item = await card()
    expect(within(item).getByText('Non distribuable · Commande introuvable')).toBeInTheDocument()
    expect(within(item).getByText('3 articles, dont 3 hors commande')).toBeInTheDocument()
    await user.click(within(item).getByRole('button', { name: 'Rattacher à une commande' }))
    await user.click(within(item).getByLabelText('Commande ou numéro de suivi'))
    await user.paste('INCONNU')
    await user.keyboard('{Enter}')
    expect(
      await within(item).findByText('Aucune commande ni numéro de suivi « INCONNU ».'),
    ).toBeInTheDocument()
    await user.clear(within(item).getByLabelText('Commande ou numéro de suivi'))
    await user.paste('8L0000000042')
    await user.keyboard('{Enter}')
    expect(
      await screen.findByText('Retour RET-000007 rattaché à la commande ML-100006 : reçu.'),
    ).toBeInTheDocument()
    expect(decisions.map((d) => [d.number, d.body])).toEqual([
      ['RET-000007', { order: 'INCONNU' }],
      ['RET-000007', { order: '8L0000000042' }],
    ])
    expect(decisions[1]!.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(await screen.findByText('Aucun retour en attente.')).toBeInTheDocument()
    expect(await tables.outbox().toArray()).toEqual([])
  })

  it('closes a return after a second tap', async () => {
    const user = renderStockScreen(<WaitingReturns />)
    const item = await card()
    await user.click(within(item).getByRole('button', { name: 'Clore' }))
    expect(decisions).toEqual([])
    expect(within(item).getByText('Clos tel quel : ses articles restent dans RETOURS.')).toBeInTheDocument()
    await user.click(within(item).getByRole('button', { name: 'Confirmer la clôture' }))
    expect(
      await screen.findByText('Retour RET-000007 clos : ses articles restent dans RETOURS.'),
    ).toBeInTheDocument()
    expect(decisions.map((d) => d.body)).toEqual([{}])
  })

  it('keeps a decision in the outbox offline, says so on the card, and sends it once back online', async () => {
    server.use(handle(endpoints.returnResolve, () => HttpResponse.error()))
    const user = renderStockScreen(<WaitingReturns />)
    const item = await card()
    await user.click(within(item).getByRole('button', { name: 'Clore' }))
    await user.click(within(item).getByRole('button', { name: 'Confirmer la clôture' }))
    expect(await screen.findByText(/décision enregistrée sur l'appareil/)).toBeInTheDocument()
    expect(await within(item).findByText('Décision en attente d’envoi')).toBeInTheDocument()
    expect(within(item).queryByRole('button', { name: 'Clore' })).not.toBeInTheDocument()
    const [queued] = await tables.outbox().toArray()
    server.resetHandlers()
    await sendQueuedNow()
    await sendQueuedNow()
    expect(decisions).toEqual([{ number: 'RET-000007', key: queued!.key, body: {} }])
    await waitFor(async () => expect(await tables.outbox().toArray()).toEqual([]))
  })
})
