/**
 * What the 'Colis' screen tests share (tests only, never imported by the app): a reference server
 * in memory for order ML-P0001 (its parcels, labels numbered 8L…1, 8L…2, a carrier that can refuse
 * the next label), fresh for every test; a signed-in user with an empty IndexedDB, a fake label
 * printer, and the gestures every test makes. Call packagingScreen() once at the top of a test
 * file: it registers the hooks.
 */
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
import { screen } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { apiError, handle } from '../../tests/msw/contract.ts'
import { renderWithRouter } from '../../tests/client/render-with-router.tsx'
import { signedInWithEmptyOutbox } from '../../tests/client/stock-screen.tsx'
import { orderView, parcel as parcelOf, tracking } from './packaging.ts'
import { Packaging } from '@/features/packaging/components/packaging'

export type User = ReturnType<typeof userEvent.setup>
type Body = {
  parcels: { boxType: string; weightGrams?: number; lines: { orderLine: number; quantity: number }[] }[]
}

const doc = (title: string, format: 'zpl' | 'pdf'): PrintDocument => ({
  title,
  url: `https://docs/${title}.${format}`,
  format,
  expiresAt: '2026-11-23T10:00:00Z',
})

/** The server's state, read and set by the tests. */
export interface FakePackaging {
  view: OrderTracking
  serial: number
  /** The carrier refuses the next label. */
  refuseNext: boolean
  /** Every request that changed something, in arrival order. */
  log: string[]
}

function handlers(s: FakePackaging) {
  const labelOf = (p: TrackedParcel): ParcelLabel => ({
    order: { name: s.view.order.name, status: s.view.order.status },
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
    const parcels = s.view.parcels.map((p) => (p.seq === seq ? { ...p, ...change } : p))
    const open = parcels.some((p) => p.status === 'open')
    s.view = { ...s.view, parcels, order: { ...s.view.order, status: open ? 'packed' : 'labelled' } }
  }
  return [
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
        ? s.view
        : apiError(404, 'not_found', `Commande inconnue : ${String(params.order)}`),
    ),
    handle(orderPackaging, async ({ request }) => {
      const body = (await request.json()) as Body
      s.log.push(`PUT ${JSON.stringify(body)}`)
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
        lines: p.lines.map((l) => ({ ...s.view.lines.find((x) => x.orderLine === l.orderLine)!, ...l })),
      }))
      s.view = { ...s.view, parcels: parcels.map((p) => ({ ...p, tracking: null })) }
      const { services: _s, ...packaging } = s.view
      return { ...packaging, parcels: parcels.map(({ tracking: _t, ...p }) => p) }
    }),
    handle(trackingNumberAdd, ({ request }) => {
      const query = new URL(request.url).searchParams
      const seq = Number(query.get('parcel'))
      s.log.push(`add ${seq}${query.has('service') ? ` ${query.get('service')}` : ''}`)
      if (s.refuseNext) {
        s.refuseNext = false
        return HttpResponse.json(
          {
            code: 'carrier_refused',
            message: "Colissimo a refusé l'étiquette du colis 1 : Adresse du destinataire illisible",
            retryable: false,
          },
          { status: 502 },
        )
      }
      setParcel(seq, { status: 'labelled', tracking: tracking(`8L0000000001${++s.serial}`) })
      return labelOf(s.view.parcels.find((p) => p.seq === seq)!)
    }),
    handle(trackingNumberRead, ({ params }) =>
      labelOf(s.view.parcels.find((p) => p.tracking?.number === params.trackingNumber)!),
    ),
    handle(trackingNumberVoid, ({ params }) => {
      s.log.push(`void ${String(params.trackingNumber)}`)
      const parcel = s.view.parcels.find((p) => p.tracking?.number === params.trackingNumber)!
      setParcel(parcel.seq, { status: 'open', tracking: null })
      return s.view
    }),
    handle(orderExceptionResolve, () => {
      s.log.push('resolve')
      if (s.view.order.status === 'exception')
        s.view = { ...s.view, order: { ...s.view.order, status: 'packed' } }
      return s.view
    }),
    handle(trackingNumberManual, async ({ request }) => {
      const body = (await request.json()) as { parcel: number; trackingNumber: string }
      s.log.push(`manual ${body.parcel} ${body.trackingNumber}`)
      if (body.trackingNumber === '8L20524752031')
        return apiError(400, 'bad_request', "Le numéro 8L20524752031 n'est pas un numéro Colissimo valide.", {
          trackingNumber: ["Le numéro 8L20524752031 n'est pas un numéro Colissimo valide."],
        })
      setParcel(body.parcel, { status: 'labelled', tracking: tracking(body.trackingNumber, 'manual') })
      return s.view
    }),
  ]
}

export function packagingScreen() {
  const fake: FakePackaging = { view: orderView(), serial: 0, refuseNext: false, log: [] }
  const server = setupServer(...handlers(fake))
  const printed: PrintDocument[] = []
  const print = vi.fn(async (document: PrintDocument) => {
    printed.push(document)
  })

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  signedInWithEmptyOutbox()
  beforeEach(() => {
    Object.assign(fake, { view: orderView(), serial: 0, refuseNext: false })
    fake.log.length = 0
    printed.length = 0
    print.mockClear()
  })
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())

  /**
   * A code entered in the scan field as a person would paste it, then Enter (typed key by key, a
   * stall of the loaded test machine between two keys can split a code in two: wedge.ts, rule 5).
   */
  async function enter(user: User, label: string, code: string) {
    await user.click(await screen.findByLabelText(label))
    await user.paste(code)
    await user.keyboard('{Enter}')
  }
  return {
    fake,
    print,
    /** What went to the label printer, in order. */
    printed,
    /** In a memory router, so its link to 'Information commande' resolves as in the app. */
    renderScreen: () => renderWithRouter(() => <Packaging onPrint={print} />),
    /** A parcel's card (or editor) by its title. */
    parcel: (seq: number) => screen.getByRole('region', { name: `Colis ${seq}` }),
    enter,
    openOrder: async (user: User) => {
      await enter(user, 'Commande', 'ML-P0001')
      await screen.findByText('Commande ML-P0001')
    },
  }
}
