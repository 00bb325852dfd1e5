import 'fake-indexeddb/auto'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { tables } from '@/lib/db'
import type { SavedPackaging } from '../model.ts'
import { packagingScreen } from '../../../testing/packaging-screen.tsx'

const { fake, print, printed, renderScreen, parcel, enter, openOrder } = packagingScreen()

/**
 * The wiring of the 'Colis' screen: scans and taps reaching the server, the labels reaching the
 * printer, the answers shown where they belong. The rules behind them (what a scan finds, the
 * figures of a parcel, the PUT's body, what each parcel offers) are asserted in ../model.test.ts,
 * ../scan.test.ts and ../draft.test.ts, with these tests' numbers and messages.
 */
describe('Colis', { timeout: 30_000 }, () => {
  it('says so for an unknown order, shows the order and its parcels, changes a weight and moves a unit into a new parcel, warns off the estimate and saves all open parcels in one PUT; then labels a parcel on the label printer, reprints it, and voids it after a confirmation', async () => {
    const user = renderScreen()
    await enter(user, 'Commande', 'ML-P9999')
    expect(
      await screen.findByText(
        '« ML-P9999 » : aucune commande, aucun numéro de suivi ni aucune caisse connus.',
      ),
    ).toBeInTheDocument()
    await openOrder(user)
    expect(screen.getByLabelText('Statut : Emballée')).toBeInTheDocument()
    expect(screen.getByText('Transporteur : Colissimo')).toBeInTheDocument()
    expect(screen.getByText('Toutes les unités préparées sont en colis.')).toBeInTheDocument()
    expect(within(parcel(1)).getByText('À étiqueter')).toBeInTheDocument()
    expect(within(parcel(1)).getByText('1 × Lampe de chevet (ML-0001)')).toBeInTheDocument()
    expect(within(parcel(2)).getByText('Estimé : 1 kg · Non pesé · Max : 20 kg')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByLabelText('Autre commande ou numéro de suivi')).toHaveFocus())

    await user.click(screen.getByRole('button', { name: 'Modifier les colis' }))
    await user.type(within(parcel(1)).getByLabelText('Poids mesuré (g)'), '2000')
    expect(
      within(parcel(1)).getByText(
        'Vérifiez le colis : poids mesuré 2 kg, estimé 1,5 kg (écart de plus de 10 %).',
      ),
    ).toBeInTheDocument()
    await user.click(within(parcel(2)).getByRole('button', { name: 'Retirer 1 × Bougie dans ce colis' }))
    await user.click(screen.getByRole('button', { name: 'Ajouter un colis' }))
    const added = screen.getByRole('region', { name: 'Nouveau colis' })
    await user.selectOptions(within(added).getByLabelText('Emballage'), 'S')
    await user.click(within(added).getByRole('button', { name: 'Ajouter 1 × Bougie dans ce colis' }))
    await user.click(screen.getByRole('button', { name: 'Enregistrer les colis' }))
    expect(await screen.findByText('Colis enregistrés.')).toBeInTheDocument()
    const put =
      'PUT ' +
      JSON.stringify({
        parcels: [
          { boxType: 'M', weightGrams: 2000, lines: [{ orderLine: 11, quantity: 1 }] },
          { boxType: 'M', lines: [{ orderLine: 12, quantity: 1 }] },
          { boxType: 'S', lines: [{ orderLine: 12, quantity: 1 }] },
        ],
      })
    expect(fake.log).toEqual([put])
    expect(within(parcel(3)).getByText('Carton S (S)')).toBeInTheDocument()

    await user.click(within(parcel(1)).getByRole('button', { name: 'Étiqueter' }))
    expect(await screen.findByText("Étiquette 8L00000000011 envoyée à l'imprimante.")).toBeInTheDocument()
    expect(printed.map((d) => [d.title, d.format])).toEqual([['Étiquette Colissimo 8L00000000011', 'zpl']])
    expect(within(parcel(1)).getByTestId('tracking-number')).toHaveTextContent('Suivi : 8L00000000011')
    expect(within(parcel(1)).getByText('Étiqueté')).toBeInTheDocument()

    await user.click(within(parcel(1)).getByRole('button', { name: 'Réimprimer' }))
    expect(await screen.findByText('Étiquette 8L00000000011 réimprimée.')).toBeInTheDocument()
    expect(printed).toHaveLength(2)

    await user.click(within(parcel(1)).getByRole('button', { name: "Annuler l'étiquette" }))
    expect(fake.log).toEqual([put, 'add 1'])
    await user.click(
      within(parcel(1)).getByRole('button', { name: "Confirmer l'annulation de 8L00000000011" }),
    )
    expect(
      await screen.findByText(
        'Étiquette 8L00000000011 annulée : le colis peut être modifié puis étiqueté à nouveau.',
      ),
    ).toBeInTheDocument()
    expect(fake.log).toEqual([put, 'add 1', 'void 8L00000000011'])
    expect(within(parcel(1)).getByText('À étiqueter')).toBeInTheDocument()
  })

  it("shows the carrier's refusal, retries with another service, and says when the label did not print; records a number made elsewhere for another parcel, its refusal under the field, then prints no label for it", async () => {
    fake.refuseNext = true
    print.mockRejectedValueOnce(new Error("Aucune imprimante d'étiquettes n'est configurée pour ce poste."))
    const user = renderScreen()
    await openOrder(user)
    await user.click(within(parcel(1)).getByRole('button', { name: 'Étiqueter' }))
    const alert = await screen.findByRole('alert', { name: 'Étiquette refusée par le transporteur' })
    expect(alert).toHaveTextContent(
      "Colissimo a refusé l'étiquette du colis 1 : Adresse du destinataire illisible",
    )
    await user.selectOptions(within(alert).getByLabelText('Service'), 'DOS')
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }))
    expect(
      await screen.findByText(
        "L'étiquette 8L00000000011 est créée mais ne s'est pas imprimée : Aucune imprimante d'étiquettes n'est configurée pour ce poste. Utilisez « Réimprimer ».",
      ),
    ).toBeInTheDocument()
    expect(fake.log).toEqual(['add 1', 'add 1 DOS'])
    expect(
      screen.queryByRole('alert', { name: 'Étiquette refusée par le transporteur' }),
    ).not.toBeInTheDocument()
    expect(within(parcel(1)).getByRole('button', { name: 'Réimprimer' })).toBeEnabled()
    expect(print).toHaveBeenCalledTimes(1)

    await user.click(within(parcel(2)).getByRole('button', { name: 'Saisir un numéro' }))
    const field = within(parcel(2)).getByLabelText('Numéro de suivi du colis 2')
    await waitFor(() => expect(field).toHaveFocus())
    await user.type(field, '8L20524752031{Enter}')
    expect(
      await within(parcel(2)).findByText("Le numéro 8L20524752031 n'est pas un numéro Colissimo valide."),
    ).toBeInTheDocument()
    await user.clear(field)
    await user.type(field, '8L20524752032{Enter}')
    expect(await screen.findByText('Numéro 8L20524752032 enregistré.')).toBeInTheDocument()
    expect(within(parcel(2)).getByTestId('tracking-number')).toHaveTextContent(
      'Suivi : 8L20524752032 · Numéro saisi manuellement',
    )
    expect(within(parcel(2)).queryByRole('button', { name: 'Réimprimer' })).not.toBeInTheDocument()
    // Only parcel 1's label went to the printer.
    expect(print).toHaveBeenCalledTimes(1)
    expect(fake.log).toEqual(['add 1', 'add 1 DOS', 'manual 2 8L20524752031', 'manual 2 8L20524752032'])
  })

  it("shows a short pick with its true reason and sends it to Information commande, with no Reprendre; read again once only set aside, 'Reprendre' puts it back to packed, then a number is typed in; a parcel's change is given back after a reload, read again from the server", async () => {
    fake.view = {
      ...fake.view,
      order: { ...fake.view.order, status: 'exception' },
      hold: {
        kind: 'short_pick',
        reason: 'Manquant au prélèvement : 1 × ML-0001 à A-01-02-03',
        missing: [{ sku: 'ML-0001', name: 'Lampe', location: 'A-01-02-03', quantity: 1 }],
        tote: 'CAISSE-000101',
      },
    }
    const user = renderScreen()
    await openOrder(user)
    let exception = screen.getByTestId('order-exception')
    expect(exception).toHaveTextContent('Manquant au prélèvement : 1 × ML-0001 à A-01-02-03')
    expect(exception).toHaveTextContent("Caisse CAISSE-000101 : sur l'étagère anomalies.")
    expect(exception).not.toHaveTextContent('étiquette refusée')
    expect(within(exception).queryByRole('button', { name: 'Reprendre' })).not.toBeInTheDocument()
    expect(within(exception).getByRole('link', { name: 'Ouvrir dans Information commande' })).toHaveAttribute(
      'href',
      '/warehouse/order-information/ML-P0001',
    )

    // Decided meanwhile: the order is only set aside now, and scanned again.
    fake.view = { ...fake.view, hold: null }
    await enter(user, 'Autre commande ou numéro de suivi', 'ML-P0001')
    await screen.findByText('Commande en anomalie')
    exception = screen.getByTestId('order-exception')
    expect(within(exception).getByText('Commande en anomalie')).toBeInTheDocument()
    expect(screen.getByLabelText('Statut : En anomalie')).toBeInTheDocument()
    // Not labelled while set aside.
    expect(within(parcel(2)).queryByRole('button', { name: 'Étiqueter' })).not.toBeInTheDocument()
    expect(within(parcel(2)).queryByRole('button', { name: 'Saisir un numéro' })).not.toBeInTheDocument()
    await user.click(within(exception).getByRole('button', { name: 'Reprendre' }))
    expect(
      await screen.findByText('Commande ML-P0001 reprise : elle peut être étiquetée.'),
    ).toBeInTheDocument()
    expect(screen.queryByTestId('order-exception')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Statut : Emballée')).toBeInTheDocument()
    await user.click(within(parcel(2)).getByRole('button', { name: 'Saisir un numéro' }))
    await user.type(within(parcel(2)).getByLabelText('Numéro de suivi du colis 2'), '8L20524752032{Enter}')
    expect(await screen.findByText('Numéro 8L20524752032 enregistré.')).toBeInTheDocument()
    expect(fake.log).toEqual(['resolve', 'manual 2 8L20524752032'])

    await user.click(screen.getByRole('button', { name: 'Modifier les colis' }))
    await user.type(within(parcel(1)).getByLabelText('Poids mesuré (g)'), '1450')
    // Saved on the device a moment after the change.
    await waitFor(async () => {
      const [draft] = await tables.drafts().toArray()
      expect((draft?.state as SavedPackaging | undefined)?.edit?.[0]?.weightGrams).toBe(1450)
    })
    cleanup()
    renderScreen()
    expect(
      await screen.findByText(
        /Saisie en cours restaurée : commande ML-P0001, colis en cours de modification/,
      ),
    ).toBeInTheDocument()
    await waitFor(() => expect(within(parcel(1)).getByLabelText('Poids mesuré (g)')).toHaveValue('1450'))
  })
})
