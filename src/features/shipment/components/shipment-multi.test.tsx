import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { BOL, FOREIGN, TASSE } from '../../../testing/shipment.ts'
import { shipmentScreen, type User } from '../../../testing/shipment-screen.tsx'

const ui = shipmentScreen()
const { feedback, renderScreen, scan, printed, notice } = ui
const weigh = async (user: User, grams: number) => {
  const field = screen.getByRole('textbox', { name: 'Poids (g)' })
  await user.clear(field)
  await user.type(field, `${grams}{Enter}`)
}

describe('Expédition, multi', { timeout: 30_000 }, () => {
  it('packs an order found by its tote into two parcels: a foreign or extra unit refused, then labels and packing slip printed and verified', async () => {
    const user = renderScreen()
    await scan(user, 'CAISSE-000007')
    expect(await screen.findByTestId('order-title')).toHaveTextContent('Commande ML-2001 · Lucie Martin')
    expect(screen.getByTestId('units-left')).toHaveTextContent('3 articles à scanner')

    await scan(user, FOREIGN.ean13)
    await notice(`Le produit ${FOREIGN.ean13} ne fait pas partie de la commande ML-2001 : mettez-le de côté.`)
    expect(feedback.at(-1)).toBe('error')

    // Parcel 1: a Tasse in the small box (scanned), weighed.
    await scan(user, TASSE.ean13)
    await scan(user, 's')
    await notice('Emballage Petit carton pour le colis 1.')
    expect(screen.getByText('Estimé : 400 g')).toBeInTheDocument()
    await weigh(user, 410)
    await user.click(screen.getByRole('button', { name: 'Nouveau colis' }))
    await waitFor(() => expect(screen.getAllByTestId('parcel')).toHaveLength(2))

    // Parcel 2: a Tasse and the Bol in the medium box (tapped); the Bol once only.
    await scan(user, TASSE.sku)
    await scan(user, BOL.ean13)
    await scan(user, BOL.ean13)
    await notice('Une unité de trop : Bol rouge, 1 à expédier, toutes déjà scannées. Mettez-la de côté.')
    expect(feedback.at(-1)).toBe('error')
    await user.click(screen.getByRole('button', { name: /^Carton moyen/ }))
    // Every unit is in a parcel with its box: the weight field takes the focus.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Poids (g)' })).toHaveFocus())
    await user.type(screen.getByRole('textbox', { name: 'Poids (g)' }), '1500{Enter}')
    expect(await screen.findByRole('alert', { name: 'Vérifiez le colis' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Valider' }))
    expect(await screen.findByTestId('parcel-problem')).toHaveTextContent('1500 g pesés pour 1000 g estimés')
    expect(ui.fake.state.log).toEqual([])
    await weigh(user, 1020)

    await user.click(screen.getByRole('button', { name: 'Valider' }))
    await waitFor(() => expect(printed()).toHaveLength(3))
    expect(ui.fake.state.log).toEqual([
      `multi ML-2001 [{"boxType":"S","weightGrams":410,"items":["${TASSE.sku}"]},{"boxType":"M","weightGrams":1020,"items":["${TASSE.sku}","${BOL.sku}"]}]`,
      'print ML-2001',
    ])
    expect(printed()).toEqual([
      ['https://docs/8L00000000001.zpl', 'label'],
      ['https://docs/8L00000000002.zpl', 'label'],
      ['https://docs/slip.pdf', 'a4'],
    ])
    await notice('Commande ML-2001 : 2 étiquettes imprimées et le bon de livraison.')

    // Each label scanned back, in any order.
    const toVerify = screen.getByTestId('to-verify')
    expect(within(toVerify).getByText('ML-2001 · colis 1/2 · 8L00000000001')).toBeInTheDocument()
    await scan(user, '8L00000000002')
    await notice('Étiquette vérifiée : commande ML-2001, colis 2/2.')
    await scan(user, '8L00000000001')
    await waitFor(() => expect(screen.queryByTestId('to-verify')).not.toBeInTheDocument())
    expect(await screen.findByRole('textbox', { name: /^Liste, commande ou caisse/ })).toBeInTheDocument()
  })

  it("recovers a carrier's refusal beside the work: the next scan goes on, 'Réessayer' with another service prints the label", async () => {
    // A station that does not verify its labels (its own setting).
    localStorage.setItem('shipment.scan-to-verify', 'off')
    const user = renderScreen()
    expect(screen.getByRole('switch', { name: /Vérifier chaque étiquette/ })).not.toBeChecked()
    await scan(user, 'ML-MONO-GIFT-0042')
    await screen.findByText('Liste ML-MONO-GIFT-0042')
    ui.fake.state.refuseNext = 'Adresse incomplète : numéro de rue manquant.'
    await scan(user, TASSE.ean13)
    const card = await screen.findByTestId('label-failure')
    expect(within(card).getByText('Étiquette refusée : commande ML-1001')).toBeInTheDocument()
    expect(
      within(card).getByText('Commande ML-1001 : Adresse incomplète : numéro de rue manquant.'),
    ).toBeInTheDocument()
    expect(feedback.at(-1)).toBe('error')

    // Nothing blocks the station: the next unit ships.
    await scan(user, BOL.ean13)
    await waitFor(() => expect(printed()).toEqual([['https://docs/8L00000000001.zpl', 'label']]))

    // The carrier has two services: the card offers the other, as its hint says (issue 31).
    const service = await within(card).findByLabelText('Service')
    expect(card).toHaveTextContent(
      'réessayez, au besoin avec un autre service (ci-dessous), ou mettez la commande de côté.',
    )
    await user.selectOptions(service, 'DOS')
    await user.click(within(card).getByRole('button', { name: 'Réessayer' }))
    await waitFor(() => expect(screen.queryByTestId('label-failure')).not.toBeInTheDocument())
    expect(ui.fake.state.log.filter((l) => l.startsWith('add'))).toEqual(['add ML-1001 DOS'])
    expect(printed()[1]).toEqual(['https://docs/8L00000000002.zpl', 'label'])
  })

  it('sets a refused multi order aside in exception on the server, with the carrier’s words; unanswered, nothing is lost', async () => {
    localStorage.setItem('shipment.scan-to-verify', 'off')
    const user = renderScreen()
    await scan(user, 'ML-2001')
    await screen.findByTestId('order-title')
    for (const code of [TASSE.ean13, TASSE.ean13, BOL.ean13, 'M']) await scan(user, code)
    await user.type(await screen.findByRole('textbox', { name: 'Poids (g)' }), '1300{Enter}')
    ui.fake.state.refuseNext = 'Service indisponible.'
    await user.click(screen.getByRole('button', { name: 'Valider' }))
    const card = await screen.findByTestId('label-failure')
    // The station is free for the next order.
    expect(await screen.findByRole('textbox', { name: /^Liste, commande ou caisse/ })).toBeInTheDocument()
    // The server does not answer: the card stays, and says so.
    ui.fake.state.network = false
    await user.click(within(card).getByRole('button', { name: 'Mettre de côté' }))
    await notice(
      'Commande ML-2001 non mise de côté : Serveur injoignable : réessayez dès le retour du réseau.',
    )
    expect(screen.getByTestId('label-failure')).toBeInTheDocument()
    expect(ui.fake.state.log.filter((l) => l.startsWith('exception'))).toEqual([])
    ui.fake.state.network = true
    await user.click(within(card).getByRole('button', { name: 'Mettre de côté' }))
    // The server has it, with the carrier's words as the reason ('Colis' takes it up again): the
    // station keeps no copy of its own, which would go stale.
    await notice('Commande ML-2001 mise de côté.')
    expect(ui.fake.state.log.filter((l) => l.startsWith('exception'))).toEqual([
      'exception ML-2001 Commande ML-2001 : Service indisponible.',
    ])
    expect(screen.queryByTestId('label-failure')).not.toBeInTheDocument()
    expect(printed()).toEqual([])
  })
})
