/**
 * What the 'Expédition' screen tests share (tests only, never imported by the app): the reference
 * server in memory (tests/msw/shipment.ts), fresh for every test, a signed-in user with an empty
 * IndexedDB, the scan feedback heard, a fake printer, and the few gestures every test makes.
 * Call shipmentScreen() once at the top of a test file: it registers the hooks.
 */
import { screen, waitFor } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest'
import { SCAN_FEEDBACK_EVENT, type ScanFeedbackDetail } from '@/features/scanning/feedback'
import { renderStockScreen, signedInWithEmptyOutbox } from '../../tests/client/stock-screen.tsx'
import { shipmentServer } from '../../tests/msw/shipment.ts'
import { Shipment } from '@/features/shipment/components/shipment'

export type User = ReturnType<typeof userEvent.setup>

/** Every label the scan field takes, whatever the step. */
const FIELD = /^(Liste, commande ou caisse|Produit|Article ou emballage|Étiquette du colis)/

export function shipmentScreen() {
  let fake = shipmentServer()
  const server = setupServer(...fake.handlers)
  const feedback: string[] = []
  const onFeedback = (event: CustomEvent<ScanFeedbackDetail>) => feedback.push(event.detail.kind)
  const print = vi.fn(async (_request: { document: { url: string }; use: string }) => undefined)

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  signedInWithEmptyOutbox()
  beforeEach(() => {
    fake = shipmentServer()
    server.resetHandlers(...fake.handlers)
    feedback.length = 0
    print.mockClear()
    window.addEventListener(SCAN_FEEDBACK_EVENT, onFeedback)
  })
  afterEach(() => window.removeEventListener(SCAN_FEEDBACK_EVENT, onFeedback))
  afterAll(() => server.close())

  return {
    /** This test's server: its state (network, refusals, log) is read and set by the test. */
    get fake() {
      return fake
    },
    /** The scan feedback heard, in order ('success', 'warning', 'error'). */
    feedback,
    print,
    renderScreen: () => renderStockScreen(<Shipment print={print} />),
    scan: async (user: User, code: string) =>
      user.type(await screen.findByRole('textbox', { name: FIELD }), `${code}{Enter}`),
    /** What went to the printers: [url, use]. */
    printed: () => print.mock.calls.map(([r]) => [r.document.url, r.use]),
    notice: (text: string) => waitFor(() => expect(screen.getByTestId('notice')).toHaveTextContent(text)),
  }
}
