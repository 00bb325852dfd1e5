/**
 * Issue 31 on a 360×640 touch handheld, against the real server: with the Wi-Fi cut in the middle
 * of a multi list, a crate number never printed is refused on the device at once (error, the unit
 * still in hand, nothing queued), where it used to beep OK and be reversed once the network came
 * back; a printed crate is taken, queued, and reaches the server soon after the network returns.
 */
import { expect, request as playwrightRequest, test } from '@playwright/test'
import type { PickingSession, PickTask } from '../../contract/index.ts'
import { bearerOf, ownPicker, setWedgeGap, signIn, wedge } from './helpers.ts'

const SHOP = 'maison-lumiere'
const serverUrl = `http://127.0.0.1:${process.env.E2E_PORT ?? 18_080}`
const crate = (n: number) => `CAISSE-${String(n).padStart(6, '0')}`

// Its own picker: the other handheld specs pick as 'preparateur' in parallel.
const PICKER = 'preparateur-caisses'

test.describe.configure({ timeout: 120_000 })
test.beforeEach(async ({ page }) => setWedgeGap(page))

test('offline, a crate never printed is refused at once; a printed one is queued and lands when the network returns', async ({
  page,
  context,
}) => {
  const request = await playwrightRequest.newContext({ baseURL: serverUrl })
  try {
    const picker = await ownPicker(request, PICKER, SHOP)
    // One crate printed ('Impression caisse'): the last number the counter handed out.
    const printed = await request.post('/rest/print/box-labels', {
      headers: await bearerOf(request, 'demo'),
      data: { count: 1 },
    })
    expect(printed.ok(), await printed.text()).toBe(true)
    const known = ((await printed.json()) as { boxes: string[] }).boxes[0] as string
    const never = crate(Number(known.slice(7)) + 500)
    // A multi list of one order, opened for the picker.
    const created = await request.post('/rest/picking-session/create', {
      headers: { ...picker, 'idempotency-key': `offline-crate-${Date.now()}` },
      data: { shop: SHOP, pickingType: 'multi_classic', limit: 1 },
    })
    expect(created.ok(), await created.text()).toBe(true)
    const session = (await created.json()) as PickingSession
    const task = [...session.tasks].sort((a, b) => a.sequence - b.sequence)[0] as PickTask
    expect(task.toTote).toBe(true)

    await signIn(page, PICKER)
    const totes = page.waitForResponse((r) => r.url().endsWith('/rest/picking-session/totes'))
    await page.goto('/warehouse/picking-session')
    await expect(page.getByText(`Liste ${session.batch.name}`)).toBeVisible()
    await totes

    await context.setOffline(true)
    await wedge(page, task.location)
    await expect(page.getByText(`Emplacement ${task.location} confirmé.`)).toBeVisible()
    await wedge(page, task.product.ean13)
    await expect(page.getByText(/posez-le dans une caisse vide pour la commande/)).toBeVisible()

    // The crate never printed: refused at once, in French, nothing waiting to be sent.
    await wedge(page, never)
    await expect(page.getByText(`Caisse ${never} inconnue`, { exact: false })).toBeVisible({ timeout: 1_500 })
    await expect(page.getByTestId('unsent')).toHaveCount(0)

    // The printed crate takes the unit still in hand: kept on the device until the network is back.
    await wedge(page, known)
    await expect(page.getByText(`Dans ${known} ·`, { exact: false })).toBeVisible()
    await expect(page.getByTestId('unsent')).toHaveText('1 scan en attente d’envoi')
    await context.setOffline(false)
    await expect(page.getByTestId('unsent')).toHaveCount(0, { timeout: 8_000 })

    const after = await request.post('/rest/picking-session/resume', { headers: picker })
    const picked = ((await after.json()) as PickingSession).tasks.find((x) => x.id === task.id) as PickTask
    expect(picked.picked).toBe(1)
    expect(picked.tote).toBe(known)
    await request.post(`/rest/picking-session/${session.id}/close`, { headers: picker })
  } finally {
    await request.dispose()
  }
})
