import 'fake-indexeddb/auto'
import { endpoints } from '@contract'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { apiError, handle } from '../../../../tests/msw/contract.ts'
import { returnScreen } from '../../../testing/order-return-screen.tsx'

const s = returnScreen()

/**
 * The wiring of the 'Retour' screen: scans, taps and the server's answers reaching the flow, the
 * messages where they belong, the write reaching the server once with its key. The rules behind
 * them (what a scan takes or refuses, what is sent, the notices) are asserted in ../model.test.ts
 * and ../scan.test.ts, with these tests' numbers and messages.
 */
describe('Retour', () => {
  it("receives a parcel by its tracking number, its order's lines folded away once items come: one item back to stock, two scrapped, a third refused, sent once with its key; then the next parcel, with the same origin, takes an item 'hors commande' and asks a wait reason before validating", async () => {
    const user = s.renderScreen()
    await s.scanParcel(user, '8L0000000042')
    expect(await screen.findByText('Commande ML-R0042')).toBeInTheDocument()
    expect(screen.getByText('Marie Durand · marie@example.fr')).toBeInTheDocument()
    const bougie = within(screen.getByRole('list', { name: 'Articles de la commande' })).getAllByRole(
      'listitem',
    )[1]!
    expect(bougie).toHaveTextContent('Expédié 3 · Déjà retourné 1 · Retournable 2')
    await s.pickOrigin(user)

    await s.scanItem(user, '3760010000014')
    expect(
      await within(s.line('Lampe de chevet')).findByText('ML-0001 · 1 sur 2 retournables'),
    ).toBeInTheDocument()
    // The order's lines fold away once items come, so the scan field stays in view.
    expect(screen.queryByRole('list', { name: 'Articles de la commande' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Voir les 3 lignes de la commande' })).toBeInTheDocument()
    await s.scanLocation(user, 'A-01-01-01')
    expect(await within(s.line('Lampe de chevet')).findByText('Emplacement : A-01-01-01')).toBeInTheDocument()
    await s.scanItem(user, '3760010000021')
    await user.click(within(s.line('Bougie')).getByRole('button', { name: 'Abîmé' }))
    expect(within(s.line('Bougie')).getByRole('button', { name: 'Rebut' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await user.selectOptions(within(s.line('Bougie')).getByLabelText('Motif de rebut'), 'Cassé')
    await s.scanItem(user, '3760010000021')
    // A third: more than the two that may still come back, refused on the device.
    await s.scanItem(user, '3760010000021')
    expect(
      await screen.findByText('Bougie : au plus 2 à retourner (expédié 3, déjà retourné 1).'),
    ).toBeInTheDocument()

    await user.click(s.validate())
    expect(await screen.findByText('Retour enregistré : commande ML-R0042, 3 articles.')).toBeInTheDocument()
    expect(s.sent).toHaveLength(1)
    expect(s.sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(s.sent[0]!.body).toEqual({
      order: '8L0000000042',
      origin: 1,
      lines: [
        { code: 'ML-0001', quantity: 1, condition: 'new', disposition: 'restock', location: 'A-01-01-01' },
        { code: 'ML-0002', quantity: 2, condition: 'damaged', disposition: 'scrap', rebutReason: 1 },
      ],
    })
    // Ready for the next parcel, with the same origin; nothing left on the device.
    expect(await screen.findByLabelText('Colis ou commande')).toBeInTheDocument()
    expect(screen.getByText('commande ML-R0042 · 3 articles')).toBeInTheDocument()
    expect(await s.outbox()).toEqual([])
    await waitFor(async () => expect(await s.drafts()).toEqual([]))
    await s.scanParcel(user)
    expect(await screen.findByLabelText('Origine du retour')).toHaveValue('1')

    // A parcel the customer refused, with an item the order does not have.
    await s.pickOrigin(user, 'Colis refusé')
    await s.scanItem(user, '3760099999995')
    const line = await screen.findByRole('region', { name: '3760099999995' })
    expect(within(line).getByText('Hors commande')).toBeInTheDocument()
    expect(within(line).queryByRole('button', { name: 'Remise en stock' })).not.toBeInTheDocument()
    expect(screen.getByTestId('todo')).toHaveTextContent("choisissez le motif d'attente")
    expect(s.validate()).toBeDisabled()
    await user.selectOptions(screen.getByLabelText("Motif d'attente"), 'Article hors commande')
    await user.click(s.validate())
    expect(
      await screen.findByText("Retour enregistré en attente d'une décision : commande ML-R0042, 1 article."),
    ).toBeInTheDocument()
    expect(s.sent).toHaveLength(2)
    expect(s.sent[1]!.body).toEqual({
      order: 'ML-R0042',
      origin: 2,
      waitReason: 2,
      lines: [{ code: '3760099999995', quantity: 1, condition: 'new', disposition: 'quarantine' }],
    })
  })

  it("offers to park a parcel whose order is not found and sends it without order; then shows the server's refusal of the next return on its line and in the bar, keeps it off the outbox, and sends the correction", async () => {
    const user = s.renderScreen()
    await s.scanParcel(user, 'INCONNU-7')
    expect(
      await screen.findByText('Commande introuvable : aucune commande ni aucun colis « INCONNU-7 ».'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Mettre en attente sans commande' }))
    expect(await screen.findByText('Colis sans commande')).toBeInTheDocument()
    expect(screen.getByText('Code scanné : INCONNU-7')).toBeInTheDocument()
    await s.pickOrigin(user)
    await user.selectOptions(screen.getByLabelText("Motif d'attente"), 'Commande introuvable')
    await s.scanItem(user, 'ML-0001')
    await user.click(await screen.findByRole('button', { name: 'Valider le retour' }))
    await waitFor(() => expect(s.sent).toHaveLength(1))
    expect(s.sent[0]!.body).toEqual({
      order: null,
      origin: 1,
      waitReason: 1,
      lines: [{ code: 'ML-0001', quantity: 1, condition: 'new', disposition: 'quarantine' }],
      note: 'Code scanné sur le colis : INCONNU-7',
    })
    expect(
      await screen.findByText(
        "Retour enregistré en attente d'une décision : colis sans commande, 1 article.",
      ),
    ).toBeInTheDocument()

    // The next parcel's return is refused by the server.
    s.server.use(
      handle(endpoints.orderReturn, () =>
        apiError(409, 'over_return', 'Retour refusé : plus que ce qui a été expédié.', {
          'lines.0.quantity': ['Au plus 1 à retourner (déjà retourné depuis).'],
        }),
      ),
    )
    await s.scanParcel(user)
    expect(await screen.findByText('Commande ML-R0042')).toBeInTheDocument()
    expect(screen.getByLabelText('Origine du retour')).toHaveValue('1')
    await s.scanItem(user, '3760010000014')
    await user.click(await within(s.line('Lampe de chevet')).findByRole('button', { name: 'Ouvert' }))
    await user.click(s.validate())
    expect(await screen.findByText('Retour refusé : plus que ce qui a été expédié.')).toBeInTheDocument()
    expect(
      within(s.line('Lampe de chevet')).getByText('Au plus 1 à retourner (déjà retourné depuis).'),
    ).toBeInTheDocument()
    expect(await s.outbox()).toEqual([])
    s.server.resetHandlers()
    await user.click(within(s.line('Lampe de chevet')).getByRole('button', { name: 'Neuf' }))
    await s.scanLocation(user, 'A-01-01-02')
    await user.click(await screen.findByRole('button', { name: 'Valider le retour' }))
    await waitFor(() => expect(s.sent).toHaveLength(2))
    expect(s.sent[1]!.body.lines).toEqual([
      { code: 'ML-0001', quantity: 1, condition: 'new', disposition: 'restock', location: 'A-01-01-02' },
    ])
  })

  it("finds a shop's order by its customer when the label is gone and takes back all that was shipped; without the right to read orders, takes the next parcel as scanned and lets the server find it", async () => {
    const user = s.renderScreen({ preview: false })
    await user.click(await screen.findByRole('button', { name: 'Rechercher par client' }))
    expect(screen.getByLabelText('Boutique')).toHaveValue('maison-lumiere')
    await user.type(screen.getByLabelText('Client, e-mail, commande ou numéro de suivi'), 'Durand')
    await user.click(screen.getByRole('button', { name: 'Chercher la commande' }))
    await user.click(await screen.findByRole('button', { name: /^ML-R0042 · Marie Durand/ }))
    expect(await screen.findByText('Commande ML-R0042')).toBeInTheDocument()
    // The shop announced one lamp: this parcel may be the one, both lamps may come back.
    const lamp = within(screen.getByRole('list', { name: 'Articles de la commande' })).getAllByRole(
      'listitem',
    )[0]!
    expect(lamp).toHaveTextContent('Expédié 2 · Déjà retourné 0 · Retournable 2')
    await s.pickOrigin(user)
    await s.scanItem(user, '3760010000014')
    await user.click(await within(s.line('Lampe de chevet')).findByRole('button', { name: 'Quarantaine' }))
    await user.click(s.validate())
    await waitFor(() => expect(s.sent).toHaveLength(1))
    expect(s.sent[0]!.body).toEqual({
      order: 'ML-R0042',
      origin: 1,
      lines: [{ code: 'ML-0001', quantity: 1, condition: 'new', disposition: 'quarantine' }],
    })

    // Scanned, the next parcel has no preview: the user may not read orders.
    await s.scanParcel(user, '8L0000000042')
    expect(await screen.findByText(/Aperçu de la commande indisponible/)).toBeInTheDocument()
    expect(screen.getByLabelText('Origine du retour')).toHaveValue('1')
    await s.scanItem(user, '3760010000014')
    await user.click(await screen.findByRole('button', { name: 'Plus tard' }))
    await user.click(within(s.line('3760010000014')).getByRole('button', { name: 'Quarantaine' }))
    await user.click(s.validate())
    await waitFor(() => expect(s.sent).toHaveLength(2))
    expect(s.sent[1]!.body).toEqual({
      order: '8L0000000042',
      origin: 1,
      lines: [{ code: '3760010000014', quantity: 1, condition: 'new', disposition: 'quarantine' }],
    })
  })

  it('says no origin is defined rather than offering an empty list', async () => {
    s.server.use(handle(endpoints.returnOrderOriginList, () => []))
    const user = s.renderScreen()
    await s.scanParcel(user)
    expect(await screen.findByText("Aucune origine de retour n'est définie.")).toBeInTheDocument()
    expect(screen.queryByLabelText('Origine du retour')).not.toBeInTheDocument()
  })
})
