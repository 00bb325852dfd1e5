import 'fake-indexeddb/auto'
import {
  pickingCommandsSheet,
  pickingSessionClose,
  pickingSessionCreate,
  pickingSessionPick,
  pickingSessionResume,
  pickingTotesKnown,
  type PickingSummary,
  type PickTask,
} from '@contract'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { sendQueuedNow } from '@/features/outbox'
import { resetEngineForTests } from '@/features/outbox/engine'
import { SCAN_FEEDBACK_EVENT, type ScanFeedbackDetail } from '@/features/scanning/feedback'
import { tables } from '@/lib/db'
import { showToast } from '@/lib/ui/toast'
import { apiError, handle } from '../../../../tests/msw/contract.ts'
import { writeBody } from '../../../../tests/msw/stock-write.ts'
import { renderStockScreen, signedInWithEmptyOutbox } from '../../../../tests/client/stock-screen.tsx'
import { applyOp, progressOf } from '../tasks.ts'
import { session, TASKS, TASSE, BOL } from '../../../testing/picking-session.ts'
import { PickingSession } from './picking-session.tsx'
import { typeScan } from '../../../../tests/client/scanner.ts'

vi.mock('@/lib/ui/toast', () => ({ showToast: vi.fn() }))

type PickBody = { taskId: number; action: 'scan' | 'skip' | 'short'; code?: string; tote?: string }

/** A reference server in memory: one open session, picks applied once per idempotency key. */
let tasks: PickTask[] = []
let open = true
let network = true
let refuse: ((body: PickBody) => Response | null) | null = null
const applied = new Map<string, unknown>()
/** Every request that changed something, in arrival order ('pick 1 scan', 'close'). */
const log: string[] = []
const keys: string[] = []
const summary: PickingSummary = {
  picked: 3,
  short: 0,
  skipped: 0,
  orders: { picked: 2, exception: 0, released: 1 },
}

const server = setupServer(
  handle(pickingTotesKnown, () => (network ? { lastPrinted: 50 } : HttpResponse.error())),
  handle(pickingSessionResume, () =>
    open ? session(tasks) : apiError(404, 'not_found', 'Aucune session ouverte.'),
  ),
  handle(pickingSessionCreate, async ({ request }) => {
    const body = (await request.json()) as { pickingName?: string; shop?: string; pickingType?: string }
    if (body.pickingName !== undefined && body.pickingName !== 'ML-MONO-GIFT-0042') {
      return apiError(404, 'not_found', `Aucune liste « ${body.pickingName} » à préparer.`)
    }
    log.push(body.pickingName ? `create ${body.pickingName}` : `create ${body.shop} ${body.pickingType}`)
    open = true
    return session(tasks)
  }),
  handle(pickingSessionPick, async ({ request }) => {
    if (!network) return HttpResponse.error()
    const key = request.headers.get('Idempotency-Key') ?? ''
    const body = await writeBody<PickBody>(request)
    const refusal = refuse?.(body)
    if (refusal) return refusal
    if (!applied.has(key)) {
      keys.push(key)
      log.push(`pick ${body.taskId} ${body.action}${body.tote === undefined ? '' : ` ${body.tote}`}`)
      tasks = applyOp(tasks, { id: key, outboxId: null, ...body })
      const task = tasks.find((x) => x.id === body.taskId)!
      const next = tasks.filter((x) => x.status === 'todo').sort((a, b) => a.sequence - b.sequence)[0] ?? null
      applied.set(key, {
        result: body.action === 'scan' ? 'picked' : body.action === 'skip' ? 'skipped' : 'short',
        message: 'ok',
        task,
        next,
        progress: progressOf(tasks),
      })
    }
    return applied.get(key) as never
  }),
  handle(pickingSessionClose, () => {
    if (!network) return HttpResponse.error()
    log.push('close')
    open = false
    return { session: { ...session(tasks), status: 'closed' as const }, summary }
  }),
  handle(pickingCommandsSheet, () => ({
    title: 'Commandes picking',
    url: 'https://docs/commands.pdf',
    format: 'pdf' as const,
    expiresAt: '2026-11-23T09:00:00Z',
  })),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
signedInWithEmptyOutbox()
const feedback: string[] = []
const onFeedback = (event: CustomEvent<ScanFeedbackDetail>) => feedback.push(event.detail.kind)
beforeEach(() => {
  resetEngineForTests()
  tasks = TASKS.map((x) => ({ ...x }))
  open = true
  network = true
  refuse = null
  applied.clear()
  log.length = 0
  keys.length = 0
  feedback.length = 0
  window.addEventListener(SCAN_FEEDBACK_EVENT, onFeedback)
})
afterEach(() => {
  window.removeEventListener(SCAN_FEEDBACK_EVENT, onFeedback)
  server.resetHandlers()
  vi.mocked(showToast).mockClear()
})
afterAll(() => server.close())

/**
 * The screen's wiring only: every rule (what a scan, a command or a server's answer does, what is
 * refused and with which message, what is sent, kept on the device or restored) is tested in
 * ../model.test.ts, ../scan.test.ts, ../totes.test.ts and ../relocated.test.ts (docs/scan-screen.md,
 * 'Tests'). Each test renders the screen once and walks several steps.
 */
const shops = [{ slug: 'maison-lumiere', name: 'Maison Lumière' }]
const renderScreen = (onPrint?: () => Promise<void>) =>
  renderStockScreen(<PickingSession shops={shops} onPrint={onPrint} />)
const scan = async (code: string) => typeScan(await screen.findByLabelText('Scan'), code)
const task = () => screen.getByTestId('current-task')
const waitForTask = (product: string) =>
  waitFor(() => expect(within(task()).getByTestId('task-product')).toHaveTextContent(product))
const progress = () => screen.getByTestId('progress')
const queued = () => tables.outbox().toArray()
/**
 * The user's session on screen, then (the network cut first when `offline`) the first task's
 * location scanned and `units` Tasse bleue picked.
 */
async function pickTasse(units: number, { offline = false } = {}) {
  const user = renderScreen()
  await waitForTask('Tasse bleue')
  if (offline) network = false
  await scan('A-01-01-01')
  for (let i = 0; i < units; i++) await scan(TASSE.ean13)
  return user
}

describe('picking scan', { timeout: 30_000 }, () => {
  it("resumes the user's open session (the current task big with its order and gift message, no tote on a mono list, the progress, the focus on the scan field), prints the commands sheet, then picks by scanning, one write with its own key per unit, and says on the screen why a scan is refused (a wrong product), with error feedback and no server call", async () => {
    const print = vi.fn(async () => undefined)
    const user = renderScreen(print)
    await waitForTask('Tasse bleue')
    expect(within(task()).getByTestId('task-location')).toHaveTextContent('A-01-01-01')
    expect(within(task()).getByText('SKU ML-0001 · EAN 3760010000014')).toBeInTheDocument()
    expect(within(task()).getByTestId('task-quantity')).toHaveTextContent('0 / 2')
    expect(within(task()).queryByTestId('task-tote')).not.toBeInTheDocument()
    expect(within(task()).getByText('Commande ML-1001')).toBeInTheDocument()
    expect(within(task()).getByText(/Joyeux anniversaire Lucie/)).toBeInTheDocument()
    expect(within(task()).getByText('Scannez l’emplacement')).toBeInTheDocument()
    expect(progress()).toHaveTextContent('0 / 3')
    expect(screen.getByText('Ensuite : A-01-01-01')).toBeInTheDocument()
    expect(screen.getByText('Liste ML-MONO-GIFT-0042')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByLabelText('Scan')).toHaveFocus())

    // The commands sheet goes to the A4 printer.
    await user.click(screen.getByRole('button', { name: 'Imprimer la feuille des codes' }))
    await waitFor(() =>
      expect(print).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Commandes picking', format: 'pdf' }),
      ),
    )
    expect(showToast).toHaveBeenCalledWith({
      color: 'green',
      message: 'Feuille des codes envoyée à l’imprimante A4.',
    })

    await scan('A-01-01-01')
    expect(await within(task()).findByText('Emplacement confirmé')).toBeInTheDocument()
    // A wrong product: refused on the device, with error feedback.
    await scan(BOL.ean13)
    expect(await screen.findByText('Mauvais produit : attendu Tasse bleue (ML-0001).')).toBeInTheDocument()
    expect(feedback.at(-1)).toBe('error')
    await scan(TASSE.ean13)
    await waitFor(() => expect(within(task()).getByTestId('task-quantity')).toHaveTextContent('1 / 2'))
    await scan(TASSE.sku)
    // The next task is at the same location: confirmed already.
    await waitForTask('Bol rouge')
    expect(within(task()).getByText('Emplacement confirmé')).toBeInTheDocument()
    await scan(BOL.ean13)
    await waitForTask('Vase blanc')
    expect(within(task()).getByText('Scannez l’emplacement')).toBeInTheDocument()
    expect(within(task()).getByText(/Gravure/)).toBeInTheDocument()
    expect(progress()).toHaveTextContent('2 / 3')
    await waitFor(() => expect(log).toEqual(['pick 1 scan', 'pick 1 scan', 'pick 2 scan']))
    expect(new Set(keys).size).toBe(3)
    await waitFor(async () => expect(await queued()).toEqual([]))
    await waitFor(() => expect(screen.queryByTestId('unsent')).not.toBeInTheDocument())
  })

  it("puts a multi order's units into its tote, scanned after each unit: the tote to take, then the order's, shown on the task, each pick naming it", async () => {
    tasks = TASKS.map((x) => ({ ...x, toTote: true }))
    renderScreen()
    await waitForTask('Tasse bleue')
    expect(within(task()).getByTestId('task-tote')).toHaveTextContent('Caisse à prendre')
    await scan('A-01-01-01')
    await scan(TASSE.ean13)
    expect(await screen.findByText('Scannez une caisse vide pour la commande ML-1001.')).toBeInTheDocument()
    await scan('CAISSE-000007')
    expect(await screen.findByText('Dans CAISSE-000007 · Tasse bleue : 1 / 2.')).toBeInTheDocument()
    expect(within(task()).getByTestId('task-tote')).toHaveTextContent('CAISSE-000007')
    await scan(TASSE.ean13)
    await scan('CAISSE-000007')
    await waitForTask('Bol rouge')
    await waitFor(() => expect(log).toEqual(['pick 1 scan CAISSE-000007', 'pick 1 scan CAISSE-000007']))
    // The next order's tote is to take again (a tote another order holds is refused: ../totes.test.ts).
    expect(within(task()).getByTestId('task-tote')).toHaveTextContent('Caisse à prendre')
  })

  it('with no session open, says under the shop when none is chosen among several, says why a scanned list cannot be opened, and opens one by its name', async () => {
    open = false
    const user = renderStockScreen(
      <PickingSession shops={[...shops, { slug: 'atelier-velo', name: 'Atelier Vélo' }]} />,
    )
    await screen.findByLabelText('Liste de picking')
    await user.selectOptions(screen.getByLabelText('Type de picking'), 'Mono cadeau')
    await user.click(screen.getByRole('button', { name: 'Démarrer' }))
    expect(await screen.findByText('Choisissez la boutique et le type de picking.')).toBeInTheDocument()
    expect(screen.getByLabelText('Boutique')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Type de picking')).not.toHaveAttribute('aria-invalid', 'true')
    expect(log).toEqual([])

    await typeScan(screen.getByLabelText('Liste de picking'), 'ML-MONO-GIFT-9999')
    expect(await screen.findByText('Aucune liste « ML-MONO-GIFT-9999 » à préparer.')).toBeInTheDocument()
    await typeScan(screen.getByLabelText('Liste de picking'), 'ML-MONO-GIFT-0042')
    await waitForTask('Tasse bleue')
    expect(log).toEqual(['create ML-MONO-GIFT-0042'])
  })

  it("shows the server's refusal of a pick as a task to redo, with error feedback, its write kept in the outbox until 'Fait'; 'Passer' and 'Manquant' as buttons put a task last and ask before a short; a close takes the tasks left to redo off the screen and their refused writes out of the outbox", async () => {
    // The order is cancelled on the server once the session has opened: picks on it are refused,
    // and its task says so from then on.
    refuse = (body) => {
      if (body.taskId !== 1) return null
      tasks = tasks.map((x) => (x.order === 'ML-1001' ? { ...x, status: 'cancelled' } : x))
      return apiError(
        409,
        'order_cancelled',
        "La commande ML-1001 a été annulée : remettez l'article à sa place.",
      )
    }
    const user = await pickTasse(1)
    const message = "La commande ML-1001 a été annulée : remettez l'article à sa place."
    // One task to redo on the page (issue 31), naming the unit and what to do with it.
    const redo = await screen.findByTestId('redo')
    expect(redo).toHaveTextContent('À refaire : 1 × Tasse bleue (A-01-01-01), commande ML-1001')
    expect(redo).toHaveTextContent(message)
    expect(redo).toHaveTextContent('Reposez l’article en A-01-01-01.')
    await waitForTask('Bol rouge')
    await waitFor(() => expect(feedback.at(-1)).toBe('error'))
    const [row] = await queued()
    expect(row).toMatchObject({ kind: 'pick', status: 'failed', error: message })
    expect(progress()).toHaveTextContent('1 / 3')
    // It stays through other scans until the picker says it is done: then its write leaves the outbox.
    await scan('A-01-01-01')
    expect(screen.getByTestId('redo')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /^Fait : À refaire/ }))
    await waitFor(() => expect(screen.queryByTestId('redo')).toBeNull())
    await waitFor(async () => expect(await queued()).toEqual([]))

    // 'Passer' puts Bol rouge last; 'Manquant' on Vase blanc asks first, and is sent once confirmed.
    await user.click(screen.getByRole('button', { name: 'Passer' }))
    await waitForTask('Vase blanc')
    await user.click(screen.getByRole('button', { name: 'Manquant' }))
    expect(
      await screen.findByText(/^Manquant sur Vase blanc \? La commande ML-1003 passera en anomalie/),
    ).toBeInTheDocument()
    expect(log).toEqual(['pick 2 skip'])
    await user.click(screen.getByRole('button', { name: 'Confirmer le manquant' }))
    await waitForTask('Bol rouge')
    expect(
      await screen.findByText(
        /^Manquant enregistré : Vase blanc, commande ML-1003 en anomalie\. Rien à mettre de côté/,
      ),
    ).toBeInTheDocument()
    await waitFor(() => expect(log).toEqual(['pick 2 skip', 'pick 3 short']))
    expect(screen.getByText('Dernière tâche de la liste')).toBeInTheDocument()

    // Another refusal, left to redo when the session is closed.
    refuse = (body) =>
      body.taskId === 2 ? apiError(409, 'insufficient_stock', 'Stock insuffisant dans A-01-01-01.') : null
    await scan(BOL.ean13)
    await waitFor(() =>
      expect(screen.getByTestId('redo')).toHaveTextContent(
        'À refaire : 1 × Bol rouge (A-01-01-01), commande ML-1002',
      ),
    )
    await waitFor(async () => expect(await queued()).toMatchObject([{ kind: 'pick', status: 'failed' }]))
    await scan('CMD-CLOTURER')
    await user.click(await screen.findByRole('button', { name: 'Confirmer' }))
    await screen.findByTestId('summary')
    expect(screen.queryByTestId('redo')).toBeNull()
    await waitFor(async () => expect(await queued()).toEqual([]))
  })

  it('offline: keeps the session and its unsent picks through a reload, queues the next picks with their keys while the next task still shows, and they land once, in order, when the network is back', async () => {
    await pickTasse(1, { offline: true })
    await waitFor(async () => expect(await queued()).toHaveLength(1))
    // Wait for the draft to be saved with the confirmed location, then reload offline.
    await waitFor(async () => expect(JSON.stringify(await tables.drafts().toArray())).toContain('A-01-01-01'))
    cleanup()
    resetEngineForTests()
    server.use(handle(pickingSessionResume, () => HttpResponse.error()))
    renderScreen()
    expect(
      await screen.findByText(
        'Hors ligne : session reprise depuis l’appareil. Les scans partiront dès le retour du réseau.',
      ),
    ).toBeInTheDocument()
    await waitFor(() => expect(within(task()).getByTestId('task-quantity')).toHaveTextContent('1 / 2'))
    expect(within(task()).getByText('Emplacement confirmé')).toBeInTheDocument()
    expect(screen.getByText('1 scan en attente d’envoi')).toBeInTheDocument()

    await scan(TASSE.ean13)
    await waitForTask('Bol rouge')
    await scan('CMD-PASSER')
    await waitForTask('Vase blanc')
    expect(await screen.findByText('3 scans en attente d’envoi')).toBeInTheDocument()
    await waitFor(async () =>
      expect((await queued()).map((r) => r.status)).toEqual(['pending', 'pending', 'pending']),
    )
    const stored = await queued()
    expect(new Set(stored.map((r) => r.key)).size).toBe(3)
    expect(log).toEqual([])

    network = true
    await sendQueuedNow()
    await waitFor(() => expect(log).toEqual(['pick 1 scan', 'pick 1 scan', 'pick 2 skip']))
    expect(keys).toEqual(stored.map((r) => r.key))
    await waitFor(() => expect(screen.queryByTestId('unsent')).not.toBeInTheDocument())
    expect(progress()).toHaveTextContent('1 / 3')
  })

  it("'Clôturer' waits until no pick is left to send, says so, then closes and shows the summary; the next session opens at once on the shop's next ready orders, once a picking type is chosen", async () => {
    const user = await pickTasse(2, { offline: true })
    await waitForTask('Bol rouge')
    await scan('CMD-CLOTURER')
    expect(await screen.findByText(/^Clôturer la session \? 2 tâches non faites/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Confirmer' }))
    expect(await screen.findByText('En attente de 2 scans à envoyer…')).toBeInTheDocument()
    expect(log).toEqual([])

    network = true
    await sendQueuedNow()
    const result = await screen.findByTestId('summary')
    expect(result).toHaveTextContent('Session ML-MONO-GIFT-0042 clôturée')
    expect(within(result).getByText('Articles pris').previousElementSibling).toHaveTextContent('3')
    expect(within(result).getByText('Commandes remises à préparer').previousElementSibling).toHaveTextContent(
      '1',
    )
    // The close came after every pick of the session.
    expect(log).toEqual(['pick 1 scan', 'pick 1 scan', 'close'])

    // The next session at once: the only shop is chosen already, the picking type is asked for.
    expect(screen.getByLabelText('Liste de picking')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Démarrer' }))
    expect(await screen.findByText('Choisissez la boutique et le type de picking.')).toBeInTheDocument()
    expect(screen.getByLabelText('Type de picking')).toHaveAttribute('aria-invalid', 'true')
    await user.selectOptions(screen.getByLabelText('Type de picking'), 'Mono cadeau')
    await user.click(screen.getByRole('button', { name: 'Démarrer' }))
    await waitForTask('Bol rouge')
    expect(log).toEqual(['pick 1 scan', 'pick 1 scan', 'close', 'create maison-lumiere mono_gift'])
  })
})
