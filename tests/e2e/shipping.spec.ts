/**
 * Issue 13 at a desktop packing station, against the real server and the virtual print agent, with
 * a keyboard-wedge scanner wherever a packer would use one. 'expedition' ships the seed's picked
 * mono batch unit by unit: each ZPL label lands in the agent's folder with the number the screen
 * shows and is scanned back (a swapped label is refused once). The batch's GLS orders meet GLS
 * down (playwright.config.ts: CARRIER_FAILURE=gls=always): the carrier's message is shown, each
 * order is set aside, and in 'Colis', for the first, the number GLS's own site gave is typed in. That is the
 * deterministic recovery: under a failure rate a retry passes or fails by the draw of the parcel's
 * serial, which moves with every GLS label issued before it. Then a multi order opened by its tote
 * is packed into two parcels (two labels and the packing slip, both labels scanned back), the
 * parcels are loaded by scan on the slips of their carriers, each slip closed with its manifest
 * printed; the server says the orders are shipped under those numbers and their units left the
 * EXPEDITION dock.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test'
import { startAgent } from '../../agent/agent.ts'
import type { MonoBatch, OrderTracking, ShipmentOrder, StockProduct } from '../../contract/index.ts'
import { glsFormat } from '../../server/carriers/numbers.ts'
import { boxName } from '../../server/documents/render.ts'
import {
  type ApiGet,
  apiAs,
  freePort,
  openFromMenu,
  pdfText,
  productStock,
  setWedgeGap,
  signIn,
  useAgentPort,
  wedge,
} from './helpers.ts'

const SHOP = 'maison-lumiere'
/**
 * The seed's second mono batch (server/db/seed/shipment.ts numbers two mono_classic, then a
 * multi_classic in turn): ten units, of GLS orders and others.
 */
const MONO_BATCH = 'ML-MONO-CLASSIC-0002'
/** The seed's multi batch: five orders, each in its tote, numbered from the first. */
const TOTES = Array.from({ length: 5 }, (_, i) => boxName(i + 1))
/** A number made on GLS's own site (another depot than ours), in GLS's format with its key. */
const MANUAL_GLS = glsFormat('31').issue(4_242)
let agentPort = 0
const serverUrl = `http://127.0.0.1:${process.env.E2E_PORT ?? 18_080}`

type Api = { request: APIRequestContext; get: ApiGet }

/** The server's side, read through the API as the packer (not through the app under test). */
async function api(): Promise<Api> {
  const request = await playwrightRequest.newContext({ baseURL: serverUrl })
  return { request, get: await apiAs(request, 'expedition') }
}

const unitsOf = (order: ShipmentOrder) =>
  order.lines.flatMap((l) => Array.from({ length: l.picked }, () => ({ ...l.product, grams: l.weightGrams })))

/** The tote of the smallest picked multi order with two units or more, of a carrier that answers. */
async function smallToteOrder(get: Api['get']): Promise<ShipmentOrder> {
  const orders = await Promise.all(
    TOTES.map((code) => get<ShipmentOrder>(`/rest/warehouse/shipment/order/${code}`)),
  )
  const fit = orders.filter(
    (o) => o.order.status === 'picked' && o.order.carrier?.code !== 'gls' && unitsOf(o).length >= 2,
  )
  return fit.sort((a, b) => unitsOf(a).length - unitsOf(b).length)[0] as ShipmentOrder
}

/** The lightest box (they come lightest limit first) that takes `grams` of units, and its total weight. */
function boxFor(order: ShipmentOrder, units: number) {
  const carrierMax = order.order.carrier?.maxParcelGrams ?? Number.POSITIVE_INFINITY
  const box = order.boxTypes.find((b) => Math.min(b.maxWeightGrams, carrierMax) >= b.tareGrams + units)
  if (!box) throw new Error(`No box of ${order.order.name} takes ${units} g`)
  return { box, grams: box.tareGrams + units }
}

test.describe.configure({ timeout: 240_000 })

// A 5 ms burst must stay one scan on a loaded machine (setWedgeGap); the virtual agent listens on
// this test's own port, told the way a site with a non-standard QZ Tray setup would be.
test.beforeEach(async ({ page }) => {
  await setWedgeGap(page)
  agentPort = await freePort()
  await useAgentPort(page, agentPort)
})

test('a packing station ships a mono batch and a multi order, recovers a refused label, closes the slips', async ({
  page,
}) => {
  const outDir = mkdtempSync(join(tmpdir(), 'entrepot-shipping-'))
  const agent = await startAgent({ port: agentPort, outDir, log: () => {} })
  const { request, get } = await api()
  /** The contents of the agent's files of one kind. */
  const printed = (ext: '.zpl' | '.pdf') =>
    readdirSync(outDir)
      .filter((f) => f.endsWith(ext))
      .map((f) =>
        ext === '.pdf' ? pdfText(readFileSync(join(outDir, f))) : readFileSync(join(outDir, f), 'utf8'),
      )
  const labelsWith = (number: string) => printed('.zpl').filter((zpl) => zpl.includes(number)).length
  const notice = page.getByTestId('notice')
  const toVerify = page.getByTestId('to-verify')
  try {
    const batch = await get<MonoBatch>(`/rest/warehouse/shipment/mono/${MONO_BATCH}`)
    expect(batch.unitsLeft).toBe(10)
    const units: StockProduct[] = batch.products.flatMap((p) =>
      Array.from({ length: p.left }, () => p.product),
    )
    const tote = await smallToteOrder(get)

    await signIn(page, 'expedition')
    await expect(page.getByRole('button', { name: 'Vous pouvez imprimer' })).toBeVisible()
    await openFromMenu(page, 'Expédition', 'Liste, commande ou caisse')

    // 1. The mono batch, unit by unit: label printed, then scanned back before the next.
    await wedge(page, MONO_BATCH)
    await expect(page.getByText(`Liste ${MONO_BATCH}`, { exact: true })).toBeVisible()
    const shipped: { order: string; tracking: string }[] = []
    const aside: string[] = []
    const failure = page.getByTestId('label-failure')
    for (const unit of units) {
      await wedge(page, unit.ean13)
      await expect(toVerify.or(failure)).toBeVisible({ timeout: 20_000 })
      if (await failure.isVisible()) {
        await expect(failure).toContainText('Service indisponible, réessayez plus tard')
        const title = await failure.getByText(/^Étiquette refusée : commande /).textContent()
        const order = (title ?? '').split(' ').at(-1) as string
        await failure.getByRole('button', { name: 'Mettre de côté' }).click()
        await expect(notice).toHaveText(`Commande ${order} mise de côté.`)
        // Set aside on the server: in exception, with the carrier's words as the reason.
        const set = await get<OrderTracking>(`/rest/order/${order}/tracking-number`)
        expect(set.order.status).toBe('exception')
        aside.push(order)
        continue
      }
      const order = (await page.getByTestId('last-order').textContent()) as string
      const tracking = (await page.getByTestId('last-tracking').textContent()) as string
      await expect.poll(() => labelsWith(tracking), { timeout: 20_000 }).toBe(1)
      const previous = shipped.at(-1)
      if (previous && shipped.length === 1) {
        // The label of the parcel before, stuck on this one: refused, this one still waits.
        await wedge(page, previous.tracking)
        await expect(notice).toHaveText('Ce n’est pas l’étiquette de ce colis.')
        await expect(toVerify).toContainText(tracking)
      }
      await wedge(page, tracking)
      await expect(notice).toHaveText(`Étiquette vérifiée : commande ${order}, colis 1/1.`)
      await expect(toVerify).toBeHidden()
      shipped.push({ order, tracking })
    }
    // GLS is down: every GLS order of the batch, and only those, was set aside (the seed holds one
    // at least: seed-shipping.test.ts); every other order shipped.
    expect(aside.length).toBeGreaterThanOrEqual(1)
    expect(shipped).toHaveLength(units.length - aside.length)
    for (const order of aside)
      expect(
        (await get<OrderTracking>(`/rest/order/${order}/tracking-number`)).order.carrier?.code,
        order,
      ).toBe('gls')
    for (const { order } of shipped)
      expect(
        (await get<OrderTracking>(`/rest/order/${order}/tracking-number`)).order.carrier?.code,
        order,
      ).not.toBe('gls')
    // The order set aside is in exception: no longer the batch's to ship (shipment-batch.ts).
    await expect(page.getByTestId('batch-left')).toHaveText('0 article à expédier, 0 commande')
    await page.getByRole('button', { name: 'Terminer' }).click()

    // The order set aside is taken up in 'Colis' ('Reprendre'), then gets the number GLS's own
    // site gave, typed (scanned) in.
    const setAside = aside[0] as string
    await openFromMenu(page, 'Colis', 'Commande')
    await wedge(page, setAside)
    await expect(page.getByTestId('order-summary')).toContainText(`Commande ${setAside}`)
    await expect(page.getByTestId('order-summary')).toContainText('Transporteur : GLS')
    const exception = page.getByTestId('order-exception')
    await expect(exception).toContainText('Commande en anomalie')
    await exception.getByRole('button', { name: 'Reprendre' }).click()
    await expect(page.getByText(`Commande ${setAside} reprise : elle peut être étiquetée.`)).toBeVisible()
    await expect(exception).toBeHidden()
    const parcel = page.getByRole('region', { name: 'Colis 1' })
    await parcel.getByRole('button', { name: 'Saisir un numéro' }).click()
    await expect(page.getByLabel('Numéro de suivi du colis 1')).toBeFocused()
    await wedge(page, MANUAL_GLS)
    await expect(parcel.getByTestId('tracking-number')).toHaveText(
      `Suivi : ${MANUAL_GLS} · Numéro saisi manuellement`,
    )
    shipped.push({ order: setAside, tracking: MANUAL_GLS })

    // 2. A multi order opened by its tote, packed into two parcels, each labelled and scanned back.
    await openFromMenu(page, 'Expédition', 'Liste, commande ou caisse')
    const name = tote.order.name
    await wedge(page, tote.tote as string)
    await expect(page.getByTestId('order-title')).toHaveText(`Commande ${name} · ${tote.customer.name}`)
    const [first, ...rest] = unitsOf(tote)
    for (const [i, content] of [[first], rest].entries()) {
      const n = i + 1
      if (n > 1) await page.getByRole('button', { name: 'Nouveau colis' }).click()
      for (const unit of content) {
        await wedge(page, unit?.ean13 as string)
        await expect(notice).toHaveText(`${unit?.name} → colis ${n}.`)
      }
      const { box, grams } = boxFor(
        tote,
        content.reduce((sum, u) => sum + (u?.grams ?? 0), 0),
      )
      await wedge(page, box.code)
      await expect(notice).toHaveText(`Emballage ${box.name} pour le colis ${n}.`)
      const weight = page.getByLabel('Poids (g)')
      await weight.fill(String(grams))
      await weight.press('Enter')
      await expect(page.getByTestId('parcel').nth(i)).toContainText(`${grams} g`)
    }
    await page.getByRole('button', { name: 'Valider' }).click()
    await expect(notice).toHaveText(`Commande ${name} : 2 étiquettes imprimées et le bon de livraison.`, {
      timeout: 20_000,
    })
    const labelled = await get<OrderTracking>(`/rest/order/${name}/tracking-number`)
    const numbers = labelled.parcels.map((p) => p.tracking?.number as string)
    expect(numbers).toHaveLength(2)
    for (const [i, number] of numbers.entries()) {
      await expect(toVerify).toContainText(`${name} · colis ${i + 1}/2 · ${number}`)
      await expect.poll(() => labelsWith(number), { timeout: 20_000 }).toBe(1)
      await wedge(page, number)
      await expect(notice).toHaveText(`Étiquette vérifiée : commande ${name}, colis ${i + 1}/2.`)
    }
    await expect(toVerify).toBeHidden()
    await expect.poll(() => printed('.pdf').filter((text) => text.includes(name)).length).toBe(1)
    for (const number of numbers) shipped.push({ order: name, tracking: number })

    // 3. At the dock: each carrier's parcels scanned onto its slip, the slip closed, its manifest printed.
    const views = new Map<string, OrderTracking>()
    for (const { order } of shipped)
      views.set(order, await get<OrderTracking>(`/rest/order/${order}/tracking-number`))
    const byCarrier = new Map<string, string[]>()
    for (const { order, tracking } of shipped) {
      const carrier = views.get(order)?.order.carrier?.code as string
      byCarrier.set(carrier, [...(byCarrier.get(carrier) ?? []), tracking])
    }
    await openFromMenu(page, 'Bordereau transport', 'Colis')
    await expect(page.getByTestId('slip-group').first()).toBeVisible()
    const slips: string[] = []
    for (const loaded of byCarrier.values()) {
      for (const number of loaded) {
        await wedge(page, number)
        await expect(notice).toHaveText(new RegExp(`^Colis ${number} chargé`))
      }
      await page.getByRole('button', { name: 'Clôturer', exact: true }).click()
      const choice =
        loaded.length > 1
          ? `Clôturer avec les ${loaded.length} colis chargés`
          : 'Clôturer avec le colis chargé'
      await page.getByRole('button', { name: choice }).click()
      const closed = page.getByTestId('closed-slip')
      const title = closed.getByText(/^Bordereau \S+ clôturé$/)
      await expect(title).toBeVisible({ timeout: 20_000 })
      const slip = ((await title.textContent()) as string).split(' ')[1] as string
      await expect(closed).toContainText('Manifeste envoyé à l’imprimante A4.')
      await expect.poll(() => printed('.pdf').filter((text) => text.includes(slip)).length).toBe(1)
      await closed.getByRole('button', { name: 'OK' }).click()
      // The tap gives the focus back to the scan field (carrier-slip.tsx), as a person sees before
      // scanning on. A burst sent within the same few ms was split by that move: its first key went
      // to the page's listener, the rest to the field (a scan of '0000106' for '00000106').
      await expect(page.getByRole('textbox', { name: 'Colis', exact: true })).toBeFocused()
      slips.push(slip)
    }
    expect(slips).toHaveLength(byCarrier.size)

    // 4. The server agrees: every order shipped under its numbers, its units out of the dock.
    const expected = new Map<string, number>()
    for (const order of views.keys()) {
      const after = await get<OrderTracking>(`/rest/order/${order}/tracking-number`)
      expect(after.order.status, order).toBe('shipped')
      expect(
        after.parcels.map((p) => p.tracking?.number),
        order,
      ).toEqual(shipped.filter((s) => s.order === order).map((s) => s.tracking))
      for (const line of after.parcels.flatMap((p) => p.lines))
        expected.set(line.product.sku, (expected.get(line.product.sku) ?? 0) + line.quantity)
    }
    // A SHIP movement out of the dock per order and product, named after the slip that took it.
    const reasons = new Set(slips.map((slip) => `Bordereau ${slip}`))
    for (const [sku, quantity] of expected) {
      const { movements } = await productStock(request, SHOP, sku)
      const out = movements.filter(
        (m) => m.kind === 'SHIP' && m.from === 'EXPEDITION' && reasons.has(m.reason ?? ''),
      )
      expect(
        out.reduce((sum, m) => sum + m.quantity, 0),
        sku,
      ).toBe(quantity)
    }
  } finally {
    await request.dispose()
    await agent.close()
    rmSync(outDir, { recursive: true, force: true })
  }
})
