/**
 * Issue 30: the camera on a handheld at the site's HTTPS address (the LAN project: entrepot.test,
 * 360×640, touch). Chromium's fake capture device plays a Y4M feed showing a seeded product's
 * EAN-13 (fake-camera.ts); this Chromium has no BarcodeDetector, so the lazy zxing decoder reads it,
 * as on a handheld without one.
 * - Camera allowed (the permission prompt accepted): the code is decoded and the product shown.
 * - Camera refused: the French message saying how to allow it.
 */
import { expect, test, type Page } from '@playwright/test'
import { signIn } from '../helpers.ts'
import { CAMERA_PRODUCT as PRODUCT } from './fake-camera.ts'
import { waitForLanSite } from './ready.ts'
import { LAN } from './site.ts'

waitForLanSite()

const SHOP = 'maison-lumiere'
const DENIED =
  "Accès à la caméra refusé. Autorisez la caméra pour ce site dans les réglages du navigateur (icône à gauche de l'adresse), puis réessayez."

// The fake camera is the LAN project's (playwright.config.ts, fakeCameraArgs): launch options of this
// file's own would start browsers of their own, two worker restarts a run.

/** Product information, signed in as the stock keeper; answers the scan field's camera button. */
async function openProductInformation(page: Page) {
  await signIn(page, 'stock', { at: `/shop/${SHOP}/product-information` })
  expect(await page.evaluate(() => window.isSecureContext)).toBe(true)
  return page.getByRole('button', { name: 'Scanner avec la caméra', exact: true })
}

test('camera allowed: the EAN-13 in front of it is read (zxing) and the product shown', async ({
  page,
  context,
}) => {
  // The permission prompt, accepted.
  await context.grantPermissions(['camera'], { origin: LAN.httpsOrigin })
  const chunks: string[] = []
  page.on('request', (request) => chunks.push(new URL(request.url()).pathname))

  const cameraButton = await openProductInformation(page)
  expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false)
  await cameraButton.click()
  const dialog = page.getByRole('dialog', { name: 'Scanner avec la caméra' })
  await expect(dialog.getByLabel('Image de la caméra')).toBeVisible()

  // Read and acted on: the screen looks the code up and keeps it in its address (the router writes
  // the search value as JSON: "3760010000014").
  await expect(page).toHaveURL((url) => url.searchParams.get('code') === JSON.stringify(PRODUCT.ean13))
  expect(chunks.some((path) => /\/zxing-decoder-[^/]+\.js$/.test(path))).toBe(true)
  await expect(dialog.getByText(DENIED)).toHaveCount(0)

  await dialog.getByRole('button', { name: 'Fermer' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`SKU ${PRODUCT.sku}`)).toBeVisible()
  await expect(page.getByText(PRODUCT.name, { exact: true })).toBeVisible()
})

test('camera refused: the French message says how to allow it', async ({ page, browser }) => {
  // The permission prompt, refused: the site's camera setting at "block", where the user's answer
  // (or the site settings) leaves it. Set in this test's own browser context (CDP's default is
  // another), and kept only while the session that set it is attached.
  const { targetInfo } = await (await page.context().newCDPSession(page)).send('Target.getTargetInfo')
  const browserSession = await browser.newBrowserCDPSession()
  await browserSession.send('Browser.setPermission', {
    permission: { name: 'camera' },
    setting: 'denied',
    origin: LAN.httpsOrigin,
    browserContextId: targetInfo.browserContextId,
  })

  const cameraButton = await openProductInformation(page)
  const state = await page.evaluate(async () => (await navigator.permissions.query({ name: 'camera' })).state)
  expect(state).toBe('denied')
  await cameraButton.click()
  const dialog = page.getByRole('dialog', { name: 'Scanner avec la caméra' })
  await expect(dialog.getByText(DENIED, { exact: true })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Réessayer' })).toBeVisible()
  await expect(page).toHaveURL((url) => !url.searchParams.has('code'))
  await browserSession.detach()
})
