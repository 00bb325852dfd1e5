import 'fake-indexeddb/auto'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { tables } from '@/lib/db'
import { reportServerReached } from '@/lib/network-status'
import { BOL, TASSE, VASE } from '../../../testing/shipment.ts'
import { shipmentScreen } from '../../../testing/shipment-screen.tsx'

const ui = shipmentScreen()
const { feedback, print, renderScreen, scan, printed, notice } = ui

async function openBatch() {
  const user = renderScreen()
  await scan(user, 'ML-MONO-GIFT-0042')
  expect(await screen.findByText('Liste ML-MONO-GIFT-0042')).toBeInTheDocument()
  expect(screen.getByTestId('batch-left')).toHaveTextContent('3 articles à expédier, 3 commandes')
  return user
}

describe('Expédition, mono', { timeout: 30_000 }, () => {
  it('ships a unit per product scan: the label prints at once, the parcel is done when its label is scanned back', async () => {
    const user = await openBatch()
    await scan(user, TASSE.ean13)
    await waitFor(() => expect(printed()).toEqual([['https://docs/8L00000000001.zpl', 'label']]))
    const last = await screen.findByTestId('last-shipment')
    expect(within(last).getByTestId('last-order')).toHaveTextContent('ML-1001')
    expect(within(last).getByText('Client ML-1001')).toBeInTheDocument()
    expect(within(last).getByText('Colissimo · Domicile sans signature')).toBeInTheDocument()
    expect(within(last).getByTestId('last-tracking')).toHaveTextContent('8L00000000001')
    expect(screen.getAllByTestId('batch-product')[0]).toHaveTextContent('1 / 2 restant')
    expect(screen.getByTestId('batch-left')).toHaveTextContent('2 articles à expédier, 2 commandes')

    // The field now waits for the label: another product or another label is refused, with the error sound.
    await screen.findByRole('textbox', { name: /^Étiquette du colis/ })
    await scan(user, BOL.ean13)
    await notice('Scannez d’abord l’étiquette du colis de la commande ML-1001.')
    await scan(user, 'XN000000000FR')
    await notice('Ce n’est pas l’étiquette de ce colis.')
    expect(feedback.slice(-2)).toEqual(['error', 'error'])
    await scan(user, '8L00000000001')
    await notice('Étiquette vérifiée : commande ML-1001, colis 1/1.')
    expect(feedback.at(-1)).toBe('success')

    await scan(user, BOL.ean13)
    await waitFor(() => expect(printed()).toHaveLength(2))
    expect(ui.fake.state.log).toEqual([
      expect.stringMatching(/^mono 3760010000014 /),
      expect.stringMatching(/^mono 3760010000021 /),
    ])
  })

  it("reprints the last label in one tap or with the command barcode, from a fresh link; a cancelled order's unit shows where it goes back", async () => {
    const user = await openBatch()
    expect(screen.getByRole('img', { name: 'Réimprimer : CMD-REIMPRIMER' })).toBeInTheDocument()
    await scan(user, TASSE.ean13)
    await waitFor(() => expect(printed()).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'Réimprimer' }))
    await waitFor(() => expect(printed()[1]).toEqual(['https://docs/8L00000000001.zpl?fresh', 'label']))
    await scan(user, 'CMD-REIMPRIMER')
    await waitFor(() => expect(printed()).toHaveLength(3))
    expect(ui.fake.state.log.filter((l) => l.startsWith('read'))).toEqual([
      'read ML-1001 8L00000000001',
      'read ML-1001 8L00000000001',
    ])

    await scan(user, '8L00000000001')
    await scan(user, VASE.ean13)
    expect(await screen.findByTestId('put-back-location')).toHaveTextContent('B-02-01-01')
    expect(within(screen.getByTestId('put-back')).getByText('Vase blanc')).toBeInTheDocument()
  })

  it('never loses a scan: offline it waits on the device, survives a reload, and goes with the same key when the network is back', async () => {
    const user = await openBatch()
    ui.fake.state.network = false
    await scan(user, TASSE.ean13)
    expect(await screen.findByTestId('waiting')).toHaveTextContent(
      'Hors ligne : 1 scan gardé sur l’appareil, envoyé dès le retour du réseau.',
    )
    await waitFor(async () => expect(JSON.stringify(await tables.drafts().toArray())).toContain(TASSE.ean13))
    const [first] = ui.fake.state.log
    expect(print).not.toHaveBeenCalled()

    cleanup()
    ui.fake.state.network = true
    renderScreen()
    await waitFor(() => expect(printed()).toEqual([['https://docs/8L00000000001.zpl', 'label']]))
    expect(
      await screen.findByText(/Saisie en cours restaurée : liste ML-MONO-GIFT-0042, 1 scan à envoyer/),
    ).toBeInTheDocument()
    // The same key twice (the request the network cut, then the resend): one parcel.
    expect(ui.fake.state.log).toEqual([first, first])
    expect(ui.fake.state.byKey.size).toBe(1)
  })

  it('sends a waiting scan as soon as the server answers again, with no online event from the browser (issue 31)', async () => {
    const user = await openBatch()
    ui.fake.state.network = false
    await scan(user, TASSE.ean13)
    expect(await screen.findByTestId('waiting')).toBeInTheDocument()
    expect(print).not.toHaveBeenCalled()
    // A Wi-Fi without internet: the browser never says 'online'; another call gets an answer.
    ui.fake.state.network = true
    reportServerReached(false)
    reportServerReached(true)
    // Well before the 20 s timer of waiting writes.
    await waitFor(() => expect(printed()).toEqual([['https://docs/8L00000000001.zpl', 'label']]), {
      timeout: 3_000,
    })
    expect(ui.fake.state.byKey.size).toBe(1)
  })
})
