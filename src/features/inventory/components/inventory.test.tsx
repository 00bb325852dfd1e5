import 'fake-indexeddb/auto'
import { colonPath, endpoints } from '@contract'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { tables } from '@/lib/db'
import { showToast } from '@/lib/ui/toast'
import { apiError, handle } from '../../../../tests/msw/contract.ts'
import { writeBody } from '../../../../tests/msw/stock-write.ts'
import { renderStockScreen, signedInWithEmptyOutbox } from '../../../../tests/client/stock-screen.tsx'
import { Inventory } from './inventory.tsx'
import { typeScan } from '../../../../tests/client/scanner.ts'
import { storeRefusedWrite } from '../../../testing/outbox.ts'

vi.mock('@/lib/ui/toast', () => ({ showToast: vi.fn() }))

const shop = { slug: 'shop', name: 'Boutique' }
const held = {
  'A-01': [
    { sku: 'SKU-1', ean13: '3700000000013', name: 'Tasse bleue', shop, quantity: 3 },
    { sku: 'SKU-2', ean13: '3700000000020', name: 'Bol rouge', shop, quantity: 2 },
  ],
  'B-02': [],
} as Record<string, { sku: string; ean13: string; name: string; shop: typeof shop; quantity: number }[]>
const sent: {
  body: { location: string; counts: { code: string; quantity: number }[] }
  key: string | null
}[] = []

/** The reference server's answer: what it held of each counted product, and the count. */
const adjust = (body: (typeof sent)[number]['body']) => ({
  adjustments: body.counts.map((c) => {
    const before = held[body.location]?.find((p) => p.sku === c.code || p.ean13 === c.code)
    const sku = before?.sku ?? (/^\d+$/.test(c.code) ? `SKU-${c.code.slice(-2)}` : c.code)
    return { sku, before: before?.quantity ?? 0, after: c.quantity }
  }),
})

const server = setupServer(
  handle(endpoints.locationInformation, ({ params }) => {
    const name = String(params.locationName)
    const stock = held[name]
    return stock ? { name, stock } : apiError(404, 'not_found', `Emplacement « ${name} » inconnu.`)
  }),
  handle(endpoints.inventoryCount, async ({ request }) => {
    const body = await writeBody<(typeof sent)[number]['body']>(request)
    sent.push({ body, key: request.headers.get('Idempotency-Key') })
    return adjust(body)
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
signedInWithEmptyOutbox()
afterEach(() => {
  server.resetHandlers()
  sent.length = 0
  vi.mocked(showToast).mockClear()
})
afterAll(() => server.close())

const renderScreen = (reopen?: number) => renderStockScreen(<Inventory reopen={reopen} />)

async function scanLocation(name: string) {
  await typeScan(screen.getByLabelText('Emplacement à compter'), name)
  expect(await screen.findByText(new RegExp(`^Emplacement : ${name}`))).toBeInTheDocument()
}
const scanProduct = (code: string) => typeScan(screen.getByLabelText('Produit'), code)
const quantityOf = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^Modifier la quantité de ${name} : \\d+$`) })
const lineOf = (name: string) =>
  screen.getAllByTestId('flow-line').find((el) => within(el).queryByText(name))!
const validate = () =>
  screen.getByRole('button', { name: /^(Valider l’inventaire|Confirmer : baisser le stock)$/ })

/** The field's error, said next to it (its accessible description). */
const errorOn = (label: string, message: string) =>
  waitFor(() =>
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(message)),
  )

// The rules (what each scan, tap or refusal does) are tested in ../model.test.ts and ../scan.test.ts;
// these cases prove the screen's wiring, each walking several steps on one render. Whole counts
// typed key by key: on a shared 2-core machine one case can take several seconds.
describe('inventory', { timeout: 20_000 }, () => {
  it('lists what the location holds next to what is counted, with the gap, a surplus and "Compter 0"; asks a second tap before lowering stock, then sends the counts with an idempotency key, shows the adjustments answered and gives the focus to the next location', async () => {
    const user = renderScreen()
    await scanLocation('A-01')
    const toCount = screen.getByTestId('to-count')
    expect(within(toCount).getByText('À compter : 2 produits')).toBeInTheDocument()
    expect(within(toCount).getByText('SKU-1 · Attendu : 3')).toBeInTheDocument()

    await scanProduct('3700000000013')
    await scanProduct('sku-1')
    await waitFor(() => expect(quantityOf('Tasse bleue')).toHaveTextContent('2'))
    expect(within(lineOf('Tasse bleue')).getByText('Attendu : 3 · écart -1')).toBeInTheDocument()
    expect(screen.getByText('Comptés : 1 / 2 produits attendus')).toBeInTheDocument()
    // A product the system does not list here is still counted (a surplus the server checks).
    await scanProduct('3700000000099')
    const surplus = await screen.findByText('Hors liste : vérifié à l’envoi')
    expect(lineOf('3700000000099')).toContainElement(surplus)
    // Absent: counted 0 explicitly.
    await user.click(screen.getByRole('button', { name: 'Compter 0 pour Bol rouge' }))
    await waitFor(() => expect(quantityOf('Bol rouge')).toHaveTextContent('0'))
    expect(screen.queryByTestId('to-count')).not.toBeInTheDocument()
    expect(screen.getByText('Comptés : 2 / 2 produits attendus')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Ajouter 1 × 3700000000099' }))
    await waitFor(() => expect(quantityOf('3700000000099')).toHaveTextContent('2'))

    // Stock goes down: a second tap, after saying what goes down.
    await user.click(validate())
    const warning = (await screen.findByText('Le stock va baisser')).closest<HTMLElement>('[role=alert]')!
    expect(within(warning).getByText('Tasse bleue 3 → 2')).toBeInTheDocument()
    expect(within(warning).getByText('Bol rouge 2 → 0')).toBeInTheDocument()
    expect(sent).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Confirmer : baisser le stock' }))

    expect(await screen.findByText('Derniers inventaires')).toBeInTheDocument()
    expect(sent).toHaveLength(1)
    expect(sent[0]?.body).toEqual({
      location: 'A-01',
      counts: [
        { code: 'SKU-1', quantity: 2 },
        { code: '3700000000099', quantity: 2 },
        { code: 'SKU-2', quantity: 0 },
      ],
    })
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/)
    expect(screen.getByText('A-01 : Tasse bleue 3 → 2, SKU-99 0 → 2, Bol rouge 2 → 0')).toBeInTheDocument()
    expect(screen.getByText('envoyé')).toBeInTheDocument()
    expect(showToast).toHaveBeenCalledWith({
      color: 'green',
      message: 'Inventaire de A-01 : 3 écarts corrigés.',
    })
    // The location is done: the next scan is the next location, wherever the focus is.
    await waitFor(() => expect(screen.getByLabelText('Emplacement à compter')).toHaveFocus())
    expect(screen.queryByText('Tasse bleue')).not.toBeInTheDocument()
  })

  it('counts, in order, products scanned while the location is being looked up', async () => {
    server.use(
      handle(endpoints.locationInformation, async ({ params }) => {
        await new Promise((r) => setTimeout(r, 300))
        return { name: String(params.locationName), stock: held['A-01']! }
      }),
    )
    renderScreen()
    const field = screen.getByLabelText('Emplacement à compter')
    // Typed into the location field (the product field is not shown yet): each waits its turn.
    await typeScan(field, 'A-01')
    await typeScan(field, 'SKU-1')
    await typeScan(field, 'SKU-1')
    expect(field).toHaveValue('')
    await waitFor(() => expect(quantityOf('Tasse bleue')).toHaveTextContent('2'))
    // Not taken as locations (this server knows any name).
    expect(screen.getByText(/^Emplacement : A-01/)).toBeInTheDocument()
    expect(screen.queryByText(/^Emplacement : SKU-1/)).not.toBeInTheDocument()
  })

  it("shows each step's refusal on its field with 'Valider' disabled; takes a typed quantity down to 0 and refuses one over the ceiling next to it, never clamped; sends at once a count that lowers nothing, and shows the server's refusal of one line next to it, once, the counts kept until corrected", async () => {
    server.use(
      handle(endpoints.inventoryCount, async ({ request }) => {
        const body = await writeBody<(typeof sent)[number]['body']>(request)
        sent.push({ body, key: request.headers.get('Idempotency-Key') })
        return sent.length === 1
          ? apiError(404, 'not_found', 'Inventaire refusé.', {
              'counts.1.code': ['Produit « 3700000000099 » inconnu'],
            })
          : adjust(body)
      }),
    )
    const user = renderScreen()
    await typeScan(screen.getByLabelText('Emplacement à compter'), 'ZZ-99')
    await errorOn('Emplacement à compter', "L'emplacement « ZZ-99 » est inconnu.")
    await scanLocation('B-02')
    expect(
      screen.getByText('Le système n’attend rien ici : scannez ce que vous trouvez.'),
    ).toBeInTheDocument()
    await scanProduct('B-02')
    await errorOn('Produit', '« B-02 » est l’emplacement compté : scannez les produits.')
    expect(screen.queryAllByTestId('flow-line')).toEqual([])
    expect(validate()).toBeDisabled()

    await scanProduct('SKU-1')
    await scanProduct('3700000000099')
    await screen.findByText('3700000000099')
    await user.click(screen.getByRole('button', { name: /^Modifier la quantité de SKU-1 : / }))
    const input = screen.getByLabelText('Quantité de SKU-1')
    await user.clear(input)
    await user.type(input, '0{Enter}')
    await waitFor(() => expect(quantityOf('SKU-1')).toHaveTextContent('0'))
    expect(screen.getByRole('button', { name: 'Retirer 1 × SKU-1' })).toBeDisabled()
    await user.click(quantityOf('SKU-1'))
    // The field opens once the click's state is rendered: waited for, not assumed to be there.
    const again = await screen.findByLabelText('Quantité de SKU-1')
    await user.clear(again)
    await user.type(again, '100001{Enter}')
    expect(within(lineOf('SKU-1')).getByText('Au plus 100000.')).toBeInTheDocument()
    expect(screen.getByLabelText('Quantité de SKU-1')).toHaveValue('100001')
    await user.clear(again)
    await user.type(again, '1{Enter}')
    await waitFor(() => expect(quantityOf('SKU-1')).toHaveTextContent('1'))

    // Nothing goes down: one tap sends.
    await user.click(validate())
    expect(await screen.findByText('Inventaire refusé.')).toBeInTheDocument()
    expect(sent).toHaveLength(1)
    expect(within(lineOf('3700000000099')).getByText('Produit « 3700000000099 » inconnu')).toBeInTheDocument()
    expect(screen.getAllByText('Produit « 3700000000099 » inconnu')).toHaveLength(1)
    expect(within(lineOf('SKU-1')).queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByText('2 lignes, 2 articles')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Supprimer 3700000000099' }))
    await waitFor(() => expect(screen.queryByText('Inventaire refusé.')).not.toBeInTheDocument())

    await user.click(validate())
    expect(await screen.findByText('B-02 : SKU-1 0 → 1')).toBeInTheDocument()
    expect(sent.map((s) => s.body)).toEqual([
      {
        location: 'B-02',
        counts: [
          { code: 'SKU-1', quantity: 1 },
          { code: '3700000000099', quantity: 1 },
        ],
      },
      { location: 'B-02', counts: [{ code: 'SKU-1', quantity: 1 }] },
    ])
  })

  it("works without network: takes the location unverified, gives the count back with a banner after the screen is closed, drops it on a confirmed 'Annuler' (the location kept), and keeps a new count on the device after a confirmation", async () => {
    server.use(
      http.get(`*${colonPath(endpoints.locationInformation.path)}`, () => HttpResponse.error()),
      handle(endpoints.inventoryCount, () => HttpResponse.error()),
    )
    renderScreen()
    await scanLocation('C-03')
    expect(screen.getByText('Emplacement : C-03 · non vérifié (hors ligne)')).toBeInTheDocument()
    await scanProduct('3700000000013')
    expect(await screen.findByText('Produit non vérifié (hors ligne)')).toBeInTheDocument()
    await waitFor(async () => expect(await tables.drafts().count()).toBe(1))

    cleanup()
    const user = renderScreen()
    expect(
      await screen.findByText(/Saisie en cours restaurée : C-03 · 1 ligne, 1 article/),
    ).toBeInTheDocument()
    expect(await screen.findByText('3700000000013')).toBeInTheDocument()
    expect(screen.getByText('Emplacement : C-03 · non vérifié (hors ligne)')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Annuler' }))
    await user.click(screen.getByRole('button', { name: 'Confirmer l’annulation' }))
    await waitFor(() => expect(screen.queryAllByTestId('flow-line')).toEqual([]))
    expect(screen.getByText('Emplacement : C-03 · non vérifié (hors ligne)')).toBeInTheDocument()
    await waitFor(async () => expect(await tables.drafts().count()).toBe(0))

    await scanProduct('3700000000013')
    await screen.findByText('3700000000013')
    await user.click(validate())
    expect(await screen.findByText(/le comptage remplacera le stock/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Confirmer : baisser le stock' }))
    expect(await screen.findByText('C-03 · 1 ligne, 1 article')).toBeInTheDocument()
    expect(screen.getByText('en attente d’envoi')).toBeInTheDocument()
    expect(showToast).toHaveBeenCalledWith({
      color: 'orange',
      message: 'Inventaire enregistré sur l’appareil : il sera envoyé dès le retour du réseau.',
    })
    const [queued] = await tables.outbox().toArray()
    expect(queued?.write).toEqual({
      kind: 'inventory',
      body: { location: 'C-03', counts: [{ code: '3700000000013', quantity: 1 }] },
    })
  })

  it('reopens a refused count, marks the refused line, and sends the correction in its place', async () => {
    const id = await storeRefusedWrite({
      key: 'k-1',
      label: 'Inventaire',
      write: {
        kind: 'inventory',
        body: {
          location: 'A-01',
          counts: [
            { code: 'SKU-1', quantity: 3 },
            { code: '999', quantity: 1 },
          ],
        },
      },
      error: 'Produit inconnu',
      errorStatus: 404,
      fieldErrors: { 'counts.1.code': ['Produit « 999 » inconnu'] },
    })
    const user = renderScreen(id)
    expect(await screen.findByText('Produit « 999 » inconnu')).toBeInTheDocument()
    expect(screen.getByText('Tasse bleue')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Supprimer 999' }))
    await user.click(validate())
    expect(await screen.findByText('A-01 : conforme (1 produit)')).toBeInTheDocument()
    expect(sent[0]?.body).toEqual({ location: 'A-01', counts: [{ code: 'SKU-1', quantity: 3 }] })
    expect(await tables.outbox().toArray()).toEqual([])
  })
})
