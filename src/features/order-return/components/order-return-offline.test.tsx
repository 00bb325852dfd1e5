import 'fake-indexeddb/auto'
import { endpoints } from '@contract'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { sendQueuedNow } from '@/features/outbox'
import { handle } from '../../../../tests/msw/contract.ts'
import { returnScreen, type User } from '../../../testing/order-return-screen.tsx'
import { storeRefusedWrite } from '../../../testing/outbox.ts'

const s = returnScreen()

/** Order ML-R0042, 'Retour client', one lamp back to A-01-01-01. */
async function oneLamp(user: User) {
  await s.scanParcel(user)
  await screen.findByText('Commande ML-R0042')
  await s.pickOrigin(user)
  await s.scanItem(user, '3760010000014')
  await s.scanLocation(user, 'A-01-01-01')
  await within(s.line('Lampe de chevet')).findByText('Emplacement : A-01-01-01')
}

describe('Retour offline', () => {
  it('gives back, after a reload, the return being prepared, with a banner; validated while the network is down, keeps it in the outbox and says so, then sends it once when the network is back', async () => {
    const user = s.renderScreen()
    await oneLamp(user)
    await s.scanItem(user, '3760010000021')
    await user.click(await within(s.line('Bougie')).findByRole('button', { name: 'Ouvert' }))
    await waitFor(async () =>
      expect((await s.drafts())[0]?.state).toMatchObject({ lines: [{}, { condition: 'opened' }] }),
    )
    cleanup()

    // No answer at all: the write stays on the device.
    s.server.use(handle(endpoints.orderReturn, () => HttpResponse.error()))
    const again = s.renderScreen()
    expect(
      await screen.findByText(/Saisie en cours restaurée : commande ML-R0042, 2 articles/),
    ).toBeInTheDocument()
    expect(await screen.findByText('Commande ML-R0042')).toBeInTheDocument()
    expect(within(s.line('Bougie')).getByRole('button', { name: 'Quarantaine' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await again.click(s.validate())
    expect(
      await screen.findByText(
        "Retour en attente d'envoi : commande ML-R0042, 2 articles. Il sera envoyé au retour du réseau.",
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('en attente d’envoi')).toBeInTheDocument()
    // The screen is ready for the next parcel; the draft went with the write into the outbox.
    expect(await screen.findByLabelText('Colis ou commande')).toBeInTheDocument()
    await waitFor(async () => expect(await s.drafts()).toEqual([]))
    const [queued] = await s.outbox()
    expect(queued).toMatchObject({
      kind: 'return',
      label: 'Retour · commande ML-R0042 · 2 articles',
      status: 'pending',
    })
    expect(s.sent).toEqual([])

    // The network is back: sent once, under the key it was stored with, then dropped from the device.
    s.server.resetHandlers()
    await sendQueuedNow()
    await sendQueuedNow()
    expect(s.sent).toEqual([
      {
        key: queued!.key,
        body: {
          order: 'ML-R0042',
          origin: 1,
          lines: [
            {
              code: 'ML-0001',
              quantity: 1,
              condition: 'new',
              disposition: 'restock',
              location: 'A-01-01-01',
            },
            { code: 'ML-0002', quantity: 1, condition: 'opened', disposition: 'quarantine' },
          ],
        },
      },
    ])
    await waitFor(async () => expect(await s.outbox()).toEqual([]))
  })

  it('reopens a return refused after a replay, its message on its line, and sends the correction in its place', async () => {
    const id = await storeRefusedWrite({
      key: 'k-1',
      label: 'Retour',
      write: {
        kind: 'return',
        body: {
          order: 'ML-R0042',
          origin: 1,
          lines: [{ code: 'ML-0002', quantity: 3, condition: 'opened', disposition: 'quarantine' }],
        },
      },
      error: 'Retour refusé : plus que ce qui a été expédié.',
      errorStatus: 409,
      fieldErrors: { 'lines.0.quantity': ['Au plus 2 à retourner.'] },
    })
    const user = s.renderScreen({ reopen: id })
    expect(await screen.findByText('Retour refusé : plus que ce qui a été expédié.')).toBeInTheDocument()
    expect(await screen.findByText('Commande ML-R0042')).toBeInTheDocument()
    // The order as it is now speaks first under the line.
    expect(
      within(s.line('Bougie')).getByText('Bougie : au plus 2 à retourner (expédié 3, déjà retourné 1).'),
    ).toBeInTheDocument()
    expect(s.validate()).toBeDisabled()
    await user.click(within(s.line('Bougie')).getByRole('button', { name: 'Retirer 1 × Bougie' }))
    await user.click(s.validate())
    await waitFor(() => expect(s.sent).toHaveLength(1))
    expect(s.sent[0]!.body.lines).toEqual([
      { code: 'ML-0002', quantity: 2, condition: 'opened', disposition: 'quarantine' },
    ])
    await waitFor(async () => expect(await s.outbox()).toEqual([]))
  })
})
