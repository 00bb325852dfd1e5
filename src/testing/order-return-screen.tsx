/**
 * What the 'Retour' screen tests share (tests only, never imported by the app): a reference server
 * in memory (order ML-R0042 by its number or its tracking number 8L0000000042, the three reference
 * lists, location A-01-01-01) that records every return it receives with its Idempotency-Key and
 * applies a key once; a signed-in user with an empty IndexedDB, and the gestures every test makes.
 * Call returnScreen() once at the top of a test file: it registers the hooks.
 */
import { endpoints, type CustomerReturn, type OrderSummary, type ReceivedLine } from '@contract'
import { screen } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { tables } from '@/lib/db'
import { renderStockScreen, signedInWithEmptyOutbox } from '../../tests/client/stock-screen.tsx'
import { apiError, handle } from '../../tests/msw/contract.ts'
import { writeBody } from '../../tests/msw/stock-write.ts'
import { orderDetailOf } from './order-return.ts'
import { OrderReturn } from '@/features/order-return/components/order-return'

export type User = ReturnType<typeof userEvent.setup>
export interface SentReturn {
  key: string | null
  body: { order: string | null; origin: number; waitReason?: number; lines: ReceivedLine[]; note?: string }
}

export const SHOPS = [
  { slug: 'maison-lumiere', name: 'Maison Lumière' },
  { slug: 'atelier-velo', name: 'Atelier Vélo' },
]
export const ORIGINS = [
  { id: 1, label: 'Retour client' },
  { id: 2, label: 'Colis refusé' },
]
export const WAIT_REASONS = [
  { id: 1, label: 'Commande introuvable' },
  { id: 2, label: 'Article hors commande' },
]
export const SCRAP_REASONS = [
  { id: 1, label: 'Cassé' },
  { id: 2, label: 'Périmé' },
]

/** The server's answer to a receipt: what it recorded. */
function answer(body: SentReturn['body']): CustomerReturn {
  const waiting = body.order === null || body.waitReason !== undefined
  return {
    number: 'RET-000001',
    status: waiting ? 'waiting' : 'received',
    shop: { slug: 'maison-lumiere', name: 'Maison Lumière' },
    order: body.order === null ? null : { name: 'ML-R0042', status: 'partially_returned' },
    origin: ORIGINS.find((o) => o.id === body.origin) ?? null,
    waitReason: WAIT_REASONS.find((w) => w.id === body.waitReason) ?? null,
    note: body.note ?? null,
    trackingNumber: null,
    receivedAt: '2026-11-23T10:00:00.000Z',
    lines: body.lines.map((l, i) => ({
      id: i + 1,
      product: null,
      code: l.code,
      quantity: l.quantity,
      inOrder: body.order !== null,
      condition: l.condition,
      disposition: l.disposition,
      location: l.location ?? 'RETOURS',
      rebutReason: SCRAP_REASONS.find((r) => r.id === l.rebutReason) ?? null,
    })),
  }
}

const tracking = (): OrderSummary => {
  const { order } = orderDetailOf()
  return { ...order, match: { by: 'tracking', value: '8L0000000042' } }
}

export function returnScreen() {
  /** Every receipt the server got, and the keys it applied (a replay of one is not applied again). */
  const sent: SentReturn[] = []
  const applied = new Set<string>()
  const server = setupServer(
    handle(endpoints.returnOrderOriginList, () => ORIGINS),
    handle(endpoints.returnOrderWaitReasonList, () => WAIT_REASONS),
    handle(endpoints.rebutReasonList, () => SCRAP_REASONS),
    handle(endpoints.orderDetail, ({ params }) =>
      params.order === 'ML-R0042' ? orderDetailOf() : apiError(404, 'not_found', 'Commande introuvable'),
    ),
    handle(endpoints.orderInformation, ({ request }) => {
      const q = new URL(request.url).searchParams.get('q')
      return { results: q === '8L0000000042' ? [tracking()] : [], truncated: false }
    }),
    // The shop's search: Marie Durand's order, one lamp of which the shop announced as coming back.
    handle(endpoints.returnSearch, ({ request, params }) => {
      const q = new URL(request.url).searchParams.get('q') ?? ''
      if (params.slugShop !== 'maison-lumiere' || !'marie durand'.includes(q.toLowerCase()))
        return { orders: [] }
      const { order, lines } = orderDetailOf()
      return {
        orders: [
          {
            ...order,
            trackingNumbers: ['8L0000000042'],
            lines: lines.map(({ orderLine, product, shipped, returned }) => ({
              orderLine,
              product,
              shipped,
              returned,
              returnable: shipped - returned - (orderLine === 1 ? 1 : 0),
            })),
          },
        ],
      }
    }),
    handle(endpoints.locationInformation, ({ params }) =>
      String(params.locationName).startsWith('A-')
        ? { name: String(params.locationName), stock: [] }
        : apiError(404, 'not_found', 'Emplacement introuvable'),
    ),
    handle(endpoints.orderReturn, async ({ request }) => {
      const key = request.headers.get('Idempotency-Key')
      const body = await writeBody<SentReturn['body']>(request)
      if (key === null || !applied.has(key)) sent.push({ key, body })
      if (key !== null) applied.add(key)
      return answer(body)
    }),
  )
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  signedInWithEmptyOutbox()
  beforeEach(() => {
    sent.length = 0
    applied.clear()
  })
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())

  /** A code entered in a scan field as pasted, then Enter (see src/testing/packaging-screen.tsx). */
  async function enter(user: User, label: string | RegExp, code: string) {
    await user.click(await screen.findByLabelText(label))
    await user.paste(code)
    await user.keyboard('{Enter}')
  }
  return {
    server,
    sent,
    renderScreen: (options: { preview?: boolean; reopen?: number } = {}) =>
      renderStockScreen(
        <OrderReturn preview={options.preview ?? true} shops={SHOPS} reopen={options.reopen} />,
      ),
    enter,
    scanParcel: (user: User, code = 'ML-R0042') => enter(user, 'Colis ou commande', code),
    scanItem: (user: User, code: string) => enter(user, 'Article', code),
    scanLocation: (user: User, code: string) => enter(user, /^Emplacement de remise en stock/, code),
    pickOrigin: async (user: User, label = 'Retour client') =>
      user.selectOptions(await screen.findByLabelText('Origine du retour'), label),
    /** A line's card by its product's name. */
    line: (name: string) => screen.getByRole('region', { name }),
    validate: () => screen.getByRole('button', { name: 'Valider le retour' }),
    outbox: () => tables.outbox().toArray(),
    drafts: () => tables.drafts().toArray(),
  }
}
