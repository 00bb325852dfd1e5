/**
 * Issue 31 at a packing station: a carrier's refusal in a mono batch ends with counts a packer can
 * trust. The server runs with GLS down (playwright.config.ts: CARRIER_FAILURE=gls=always); the
 * seed's second mono batch (ML-MONO-CLASSIC-0001, which no other browser test ships) holds GLS
 * orders and others. Its units are scanned, GLS ones last; each refused label is retried once
 * (refused again, the unit still to ship) then set aside: the product line, the batch line and a
 * scan of that product say what the server holds — shipped, set aside, left — never a unit
 * 'restant' nor 'déjà expédiée' that was set aside. The card promises only what it offers: GLS has
 * one service, so no 'autre service'.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test'
import { startAgent } from '../../agent/agent.ts'
import type { MonoBatch, OrderSummary, ShipmentOrder } from '../../contract/index.ts'
import { apiAs, freePort, setWedgeGap, signIn, useAgentPort, wedge } from './helpers.ts'

const BATCH = 'ML-MONO-CLASSIC-0001'
let agentPort = 0
const serverUrl = `http://127.0.0.1:${process.env.E2E_PORT ?? 18_080}`

test.describe.configure({ timeout: 180_000 })

test.beforeEach(async ({ page }) => {
  await setWedgeGap(page)
  agentPort = await freePort()
  await useAgentPort(page, agentPort)
})

/** The product's line on the screen: '<left> / <picked> restant(s)[ · <n> mis de côté]'. */
const productLine = (page: Page, sku: string) =>
  page.getByTestId('batch-product').filter({ hasText: sku }).getByTestId('product-left')

/** What the server says of one product of the batch, as the line should say it. */
function lineOf(batch: MonoBatch, sku: string): string {
  const p = batch.products.find((x) => x.product.sku === sku)
  if (!p) throw new Error(`${sku} is not in ${batch.batch.name}`)
  const left = `${p.left} / ${p.picked} restant${p.left > 1 ? 's' : ''}`
  return p.setAside > 0 ? `${left} · ${p.setAside} mis de côté` : left
}

test('a refused label set aside in a mono batch: the counts are the server’s, a scan of the unit says where it is', async ({
  page,
}) => {
  const outDir = mkdtempSync(join(tmpdir(), 'entrepot-refusal-'))
  const agent = await startAgent({ port: agentPort, outDir, log: () => {} })
  const request = await playwrightRequest.newContext({ baseURL: serverUrl })
  try {
    const get = await apiAs(request, 'demo')
    const batch = await get<MonoBatch>(`/rest/warehouse/shipment/mono/${BATCH}`)
    // The batch's GLS orders and their products: scanned last, so the batch ends on a refusal.
    const { results } = await get<{ results: OrderSummary[] }>(`/rest/order/information?q=${BATCH}`)
    const gls = results.filter((o) => o.carrier?.code === 'gls' && o.status === 'picked')
    expect(gls.length).toBeGreaterThanOrEqual(1)
    const glsSkus = new Set<string>()
    for (const order of gls) {
      const view = await get<ShipmentOrder>(`/rest/warehouse/shipment/order/${order.name}`)
      for (const line of view.lines) glsSkus.add(line.product.sku)
    }
    const units = batch.products
      .flatMap((p) => Array.from({ length: p.left }, () => p.product))
      .sort((a, b) => Number(glsSkus.has(a.sku)) - Number(glsSkus.has(b.sku)))
    expect(units.length).toBeGreaterThan(gls.length)

    await signIn(page, 'expedition')
    await expect(page.getByRole('button', { name: 'Vous pouvez imprimer' })).toBeVisible()
    await page.goto('/warehouse/shipment')
    // Each label is done once printed: this test is about the counts, not scan-to-verify.
    // A click on the switch (its input lies over the whole row). Tapped again if the screen's kept
    // setting, read a moment later, put it back on.
    const verify = page.getByRole('switch', { name: 'Vérifier chaque étiquette' })
    await expect(async () => {
      if (await verify.isChecked()) await verify.click()
      await expect(verify).not.toBeChecked({ timeout: 1000 })
    }).toPass({ timeout: 10_000 })
    await wedge(page, BATCH)
    await expect(page.getByText(`Liste ${BATCH}`, { exact: true })).toBeVisible()
    const notice = page.getByTestId('notice')
    const failure = page.getByTestId('label-failure')
    const setAside: { order: string; sku: string }[] = []
    for (const unit of units) {
      // Every answer's notice names its order: a new one is this scan's answer.
      const before = (await notice.count()) > 0 ? await notice.textContent() : null
      await wedge(page, unit.ean13)
      if (before !== null) await expect(notice).not.toHaveText(before, { timeout: 20_000 })
      await expect(notice).toHaveText(/( : étiquette imprimée\.|a refusé l'étiquette .*)$/, {
        timeout: 20_000,
      })
      if (!(await failure.isVisible())) continue
      const title = await failure.getByText(/^Étiquette refusée : commande /).textContent()
      const order = (title ?? '').split(' ').at(-1) as string
      // GLS has one service: the card offers none, and does not say it does.
      await expect(failure).toContainText('réessayez, ou mettez la commande de côté')
      await expect(failure.getByLabel('Service')).toHaveCount(0)
      const aside = failure.getByRole('button', { name: 'Mettre de côté' })
      if (setAside.length === 0) {
        // Retried, refused again: the unit is still the batch's to ship.
        await failure.getByRole('button', { name: 'Réessayer' }).click()
        await expect(aside).toBeEnabled({ timeout: 20_000 })
        await expect(failure).toContainText('Service indisponible')
        const now = await get<MonoBatch>(`/rest/warehouse/shipment/mono/${BATCH}`)
        await expect(productLine(page, unit.sku)).toHaveText(lineOf(now, unit.sku))
      }
      await aside.click()
      await expect(notice).toHaveText(`Commande ${order} mise de côté.`)
      await expect(failure).toBeHidden()
      setAside.push({ order, sku: unit.sku })
      // The screen says what the server holds: that unit set aside, no longer left.
      const now = await get<MonoBatch>(`/rest/warehouse/shipment/mono/${BATCH}`)
      expect(now.products.find((p) => p.product.sku === unit.sku)?.setAside).toBeGreaterThanOrEqual(1)
      await expect(productLine(page, unit.sku)).toHaveText(lineOf(now, unit.sku))
      await expect(page.getByTestId('batch-left')).toHaveText(
        `${now.unitsLeft} article${now.unitsLeft > 1 ? 's' : ''} à expédier, ${now.ordersLeft} commande${now.ordersLeft > 1 ? 's' : ''}`,
      )
    }
    expect(setAside.map((s) => s.order).sort()).toEqual(gls.map((o) => o.name).sort())

    // The batch ends at nothing to ship, the units set aside said as such, with where they go.
    await expect(page.getByTestId('batch-left')).toHaveText('0 article à expédier, 0 commande')
    const n = setAside.length
    await expect(page.getByTestId('batch-set-aside')).toHaveText(
      n > 1
        ? `${n} articles mis de côté (commande en anomalie) : ils se reprennent dans l’écran Colis.`
        : '1 article mis de côté (commande en anomalie) : il se reprend dans l’écran Colis.',
    )
    // A scan of a unit set aside: not 'déjà expédiées', but where it is and what to do.
    const last = units.find((u) => u.sku === setAside.at(-1)?.sku)!
    await wedge(page, last.ean13)
    await expect(notice).toHaveText(
      `${last.name} : plus rien à expédier dans la liste ${BATCH}, le reste est mis de côté (commande en anomalie). Posez cet article avec sa commande : elle se reprend dans l’écran Colis.`,
    )
  } finally {
    await request.dispose()
    await agent.close()
    rmSync(outDir, { recursive: true, force: true })
  }
})
