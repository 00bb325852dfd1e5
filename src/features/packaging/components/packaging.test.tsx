import 'fake-indexeddb/auto'
import {
  orderExceptionResolve,
  orderPackaging,
  routingPackage,
  trackingNumberAdd,
  trackingNumberList,
  trackingNumberManual,
  trackingNumberRead,
  trackingNumberVoid,
  type OrderTracking,
  type ParcelLabel,
  type PrintDocument,
  type TrackedParcel,
} from '@contract'
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiError, handle } from '../../../../tests/msw/contract.ts'
import { renderStockScreen, signedInWithEmptyOutbox } from '../../../../tests/client/stock-screen.tsx'
import { tables } from '@/lib/db'
import type { SavedPackaging } from '../model.ts'
import { orderView, parcel as parcelOf, tracking } from '../testing.ts'
import { Packaging } from './packaging.tsx'

type User = ReturnType<typeof userEvent.setup>
type Body = {
  parcels: { boxType: string; weightGrams?: number; lines: { orderLine: number; quantity: number }[] }[]
}

/** A reference server in memory for order ML-P0001: its parcels, labels numbered 8L…1, 8L…2. */
let view: OrderTracking
let serial = 0
/** The carrier refuses the next label. */
let refuseNext = false
/** Every request that changed something, in arrival order. */
const log: string[] = []

const doc = (title: string, format: 'zpl' | 'pdf'): PrintDocument => ({
  title,
  url: `https://docs/${title}.${format}`,
  format,
  expiresAt: '2026-11-23T10:00:00Z',
})
const labelOf = (p: TrackedParcel): ParcelLabel => ({
  order: { name: view.order.name, status: view.order.status },
  parcel: {
    seq: p.seq,
    status: p.status,
    weightGrams: p.weightGrams ?? p.estimatedGrams,
    number: p.seq,
    count: 2,
  },
  trackingNumber: p.tracking!.number,
  carrier: { code: 'colissimo', name: 'Colissimo' },
  service: p.tracking!.service ?? { code: 'DOM', name: 'Domicile sans signature' },
  label: doc(`Étiquette Colissimo ${p.tracking!.number}`, 'zpl'),
  labelPdf: doc(`Étiquette Colissimo ${p.tracking!.number}`, 'pdf'),
})
const setParcel = (seq: number, change: Partial<TrackedParcel>) => {
  view = { ...view, parcels: view.parcels.map((p) => (p.seq === seq ? { ...p, ...change } : p)) }
  const open = view.parcels.some((p) => p.status === 'open')
  view = { ...view, order: { ...view.order, status: open ? 'packed' : 'labelled' } }
}

const server = setupServer(
  // Routing knows no parcel or tote by the codes these tests scan.
  handle(routingPackage, ({ params }) => ({
    kind: 'package' as const,
    code: String(params.package),
    destination: { station: 'Exceptions', lane: 'Exceptions' },
    carrierSlipGroup: null,
    reason: 'Colis inconnu',
    exception: true,
    confirmRequired: true,
    order: null,
    carrier: null,
  })),
  handle(trackingNumberList, ({ params }) =>
    params.order === 'ML-P0001'
      ? view
      : apiError(404, 'not_found', `Commande inconnue : ${String(params.order)}`),
  ),
  handle(orderPackaging, async ({ request }) => {
    const body = (await request.json()) as Body
    log.push(`PUT ${JSON.stringify(body)}`)
    if (body.parcels.some((p) => p.boxType === 'S' && (p.weightGrams ?? 0) > 5_000))
      return apiError(
        409,
        'too_heavy',
        'Colis 1 : 6 kg pesés, au-delà des 5 kg que supporte l’emballage « Carton S ».',
      )
    const parcels = body.parcels.map((p, i) => ({
      ...parcelOf(i + 1),
      boxType: { code: p.boxType, name: `Carton ${p.boxType}` },
      weightGrams: p.weightGrams ?? null,
      lines: p.lines.map((l) => ({ ...view.lines.find((x) => x.orderLine === l.orderLine)!, ...l })),
    }))
    view = { ...view, parcels: parcels.map((p) => ({ ...p, tracking: null })) }
    const { services: _s, ...packaging } = view
    return { ...packaging, parcels: parcels.map(({ tracking: _t, ...p }) => p) }
  }),
  handle(trackingNumberAdd, ({ request }) => {
    const query = new URL(request.url).searchParams
    const seq = Number(query.get('parcel'))
    log.push(`add ${seq}${query.has('service') ? ` ${query.get('service')}` : ''}`)
    if (refuseNext) {
      refuseNext = false
      return HttpResponse.json(
        {
          code: 'carrier_refused',
          message: "Colissimo a refusé l'étiquette du colis 1 : Adresse du destinataire illisible",
          retryable: false,
        },
        { status: 502 },
      )
    }
    setParcel(seq, { status: 'labelled', tracking: tracking(`8L0000000001${++serial}`) })
    return labelOf(view.parcels.find((p) => p.seq === seq)!)
  }),
  handle(trackingNumberRead, ({ params }) =>
    labelOf(view.parcels.find((p) => p.tracking?.number === params.trackingNumber)!),
  ),
  handle(trackingNumberVoid, ({ params }) => {
    log.push(`void ${String(params.trackingNumber)}`)
    const parcel = view.parcels.find((p) => p.tracking?.number === params.trackingNumber)!
    setParcel(parcel.seq, { status: 'open', tracking: null })
    return view
  }),
  handle(orderExceptionResolve, () => {
    log.push('resolve')
    if (view.order.status === 'exception') view = { ...view, order: { ...view.order, status: 'packed' } }
    return view
  }),
  handle(trackingNumberManual, async ({ request }) => {
    const body = (await request.json()) as { parcel: number; trackingNumber: string }
    log.push(`manual ${body.parcel} ${body.trackingNumber}`)
    if (body.trackingNumber === '8L20524752031')
      return apiError(400, 'bad_request', "Le numéro 8L20524752031 n'est pas un numéro Colissimo valide.", {
        trackingNumber: ["Le numéro 8L20524752031 n'est pas un numéro Colissimo valide."],
      })
    setParcel(body.parcel, { status: 'labelled', tracking: tracking(body.trackingNumber, 'manual') })
    return view
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
signedInWithEmptyOutbox()
const printed: PrintDocument[] = []
const print = vi.fn(async (document: PrintDocument) => {
  printed.push(document)
})
beforeEach(() => {
  view = orderView()
  serial = 0
  refuseNext = false
  log.length = 0
  printed.length = 0
  print.mockClear()
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

// Scans are typed key by key and each render follows in a transition: slow on a shared machine.
configure({ asyncUtilTimeout: 4000 })

const renderScreen = () => renderStockScreen(<Packaging onPrint={print} />)
const parcel = (seq: number) => screen.getByRole('region', { name: `Colis ${seq}` })
/**
 * A code entered in the scan field as a person would paste it, then Enter (typed key by key, a
 * stall of the loaded test machine between two keys can split a code in two: wedge.ts, rule 5).
 */
async function enter(user: User, label: string, code: string) {
  await user.click(await screen.findByLabelText(label))
  await user.paste(code)
  await user.keyboard('{Enter}')
}
async function openOrder(user: User) {
  await enter(user, 'Commande', 'ML-P0001')
  await screen.findByText('Commande ML-P0001')
}

describe('Colis', { timeout: 30_000 }, () => {
  it('shows the order and its parcels; says so for an unknown order', async () => {
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
  })

  it('changes a weight and moves a unit into a new parcel, warns off the estimate, saves all open parcels in one PUT', async () => {
    const user = renderScreen()
    await openOrder(user)
    await user.click(screen.getByRole('button', { name: 'Modifier les colis' }))
    const weight = within(parcel(1)).getByLabelText('Poids mesuré (g)')
    await user.type(weight, '2000')
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
    expect(log).toEqual([
      'PUT ' +
        JSON.stringify({
          parcels: [
            { boxType: 'M', weightGrams: 2000, lines: [{ orderLine: 11, quantity: 1 }] },
            { boxType: 'M', lines: [{ orderLine: 12, quantity: 1 }] },
            { boxType: 'S', lines: [{ orderLine: 12, quantity: 1 }] },
          ],
        }),
    ])
    expect(within(parcel(3)).getByText('Carton S (S)')).toBeInTheDocument()
  })

  it('labels a parcel on the label printer, reprints it, and voids it after a confirmation', async () => {
    const user = renderScreen()
    await openOrder(user)
    await user.click(within(parcel(1)).getByRole('button', { name: 'Étiqueter' }))
    expect(await screen.findByText("Étiquette 8L00000000011 envoyée à l'imprimante.")).toBeInTheDocument()
    expect(printed.map((d) => [d.title, d.format])).toEqual([['Étiquette Colissimo 8L00000000011', 'zpl']])
    expect(within(parcel(1)).getByTestId('tracking-number')).toHaveTextContent('Suivi : 8L00000000011')
    expect(within(parcel(1)).getByText('Étiqueté')).toBeInTheDocument()

    await user.click(within(parcel(1)).getByRole('button', { name: 'Réimprimer' }))
    expect(await screen.findByText('Étiquette 8L00000000011 réimprimée.')).toBeInTheDocument()
    expect(printed).toHaveLength(2)

    await user.click(within(parcel(1)).getByRole('button', { name: "Annuler l'étiquette" }))
    expect(log).toEqual(['add 1'])
    await user.click(
      within(parcel(1)).getByRole('button', { name: "Confirmer l'annulation de 8L00000000011" }),
    )
    expect(
      await screen.findByText(
        'Étiquette 8L00000000011 annulée : le colis peut être modifié puis étiqueté à nouveau.',
      ),
    ).toBeInTheDocument()
    expect(log).toEqual(['add 1', 'void 8L00000000011'])
    expect(within(parcel(1)).getByText('À étiqueter')).toBeInTheDocument()
  })

  it("shows the carrier's refusal, retries with another service, and says when the label did not print", async () => {
    refuseNext = true
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
    expect(log).toEqual(['add 1', 'add 1 DOS'])
    expect(
      screen.queryByRole('alert', { name: 'Étiquette refusée par le transporteur' }),
    ).not.toBeInTheDocument()
    expect(within(parcel(1)).getByRole('button', { name: 'Réimprimer' })).toBeEnabled()
  })

  it('records a number made elsewhere: its refusal under the field, then no label printed', async () => {
    const user = renderScreen()
    await openOrder(user)
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
    expect(print).not.toHaveBeenCalled()
    expect(log).toEqual(['manual 2 8L20524752031', 'manual 2 8L20524752032'])
  })

  it("shows an order set aside in exception; 'Reprendre' puts it back to packed, then a number is typed in", async () => {
    view = { ...view, order: { ...view.order, status: 'exception' } }
    const user = renderScreen()
    await openOrder(user)
    const exception = screen.getByTestId('order-exception')
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
    expect(log).toEqual(['resolve', 'manual 2 8L20524752032'])
  })

  it('gives back the order and its edit after a reload, read again from the server', async () => {
    const user = renderScreen()
    await openOrder(user)
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
