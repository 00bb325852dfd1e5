import { orderDetail as orderDetailEndpoint, orderShortPickDecision, type OrderDetail } from '@contract'
import { screen, waitFor, within } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { apiError, handle } from '../../../../tests/msw/contract.ts'
import { orderDetail, shortPickDetail } from '../../../testing/order-information.ts'
import { renderOrderDetail } from '../../../testing/order-information-screen.tsx'

let detail: OrderDetail
let decided: unknown[]
const server = setupServer(
  handle(orderDetailEndpoint, () => detail),
  handle(orderShortPickDecision, async ({ request }) => {
    const body = (await request.json()) as { decision: string }
    decided.push(body.decision)
    if (body.decision === 'cancel') return apiError(409, 'order_status', 'Refus du serveur en français.')
    return { ...detail, order: { ...detail.order, status: 'picked' as const }, hold: null }
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  decided = []
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const renderDetail = (order: string) => renderOrderDetail(order).user

describe('the hold panel of an order in exception', () => {
  it('shows the true reason of a short pick, its crate, and ships partially after a confirm', async () => {
    detail = shortPickDetail('CMD-1', true)
    const user = renderDetail('CMD-1')
    const panel = await screen.findByTestId('order-hold')
    expect(panel).toHaveTextContent('Manquant : décision à prendre')
    expect(panel).toHaveTextContent('Manquant au prélèvement : 1 × ML-0001 à A-01-02-03')
    expect(panel).toHaveTextContent("Caisse CAISSE-000101 : sur l'étagère anomalies.")
    await user.click(within(panel).getByRole('button', { name: 'Expédier sans les manquants' }))
    // Nothing is sent before the confirm.
    expect(decided).toEqual([])
    expect(panel).toHaveTextContent('Confirmer : Expédier sans les manquants ?')
    await user.click(within(panel).getByRole('button', { name: 'Confirmer' }))
    expect(await screen.findByText('Préparée')).toBeInTheDocument()
    expect(decided).toEqual(['ship_partial'])
    expect(screen.queryByTestId('order-hold')).toBeNull()
    // What the decision did stays said once the panel has gone.
    expect(screen.getByTestId('order-hold-decided')).toHaveTextContent('Décision enregistrée.')
  })

  it('disables shipping partially without the consent, says why, and shows a refusal in place', async () => {
    detail = shortPickDetail('CMD-2', false)
    const user = renderDetail('CMD-2')
    const panel = await screen.findByTestId('order-hold')
    expect(within(panel).getByRole('button', { name: 'Expédier sans les manquants' })).toBeDisabled()
    expect(panel).toHaveTextContent("Impossible : la boutique n'a pas accepté d'expédition partielle.")
    await user.click(within(panel).getByRole('button', { name: 'Annuler la commande' }))
    await user.click(within(panel).getByRole('button', { name: 'Confirmer' }))
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Refus du serveur en français.')
    expect(decided).toEqual(['cancel'])
  })

  it('reads the order again when a decision is refused: decided meanwhile, it shows where it is now', async () => {
    detail = shortPickDetail('CMD-4', true)
    server.use(
      handle(orderShortPickDecision, () => {
        detail = { ...detail, order: { ...detail.order, status: 'cancelled' }, hold: null }
        return apiError(
          409,
          'order_status',
          'La commande CMD-4 est « Annulée » : il n’y a pas de manquant à décider.',
        )
      }),
    )
    const user = renderDetail('CMD-4')
    const panel = await screen.findByTestId('order-hold')
    await user.click(within(panel).getByRole('button', { name: 'Attendre le stock' }))
    await user.click(within(panel).getByRole('button', { name: 'Confirmer' }))
    await waitFor(() => expect(screen.queryByTestId('order-hold')).toBeNull())
    expect(screen.getByTestId('order-status')).toHaveTextContent('Annulée')
  })

  it('sends an order set aside at packing to Colis, with no decision', async () => {
    const base = orderDetail('CMD-3')
    detail = {
      ...base,
      order: { ...base.order, status: 'exception' },
      hold: { kind: 'set_aside', reason: 'Étiquette refusée par le transporteur', missing: [], tote: null },
    }
    renderDetail('CMD-3')
    const panel = await screen.findByTestId('order-hold')
    expect(panel).toHaveTextContent('Étiquette refusée par le transporteur')
    expect(within(panel).getByRole('link', { name: 'Ouvrir Colis' })).toHaveAttribute(
      'href',
      '/warehouse/packaging',
    )
    expect(within(panel).queryByRole('button', { name: 'Attendre le stock' })).toBeNull()
  })
})
