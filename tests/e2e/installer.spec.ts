/**
 * Issue 30: the certificate installer as a device that does not trust the site yet sees it (this
 * browser was told nothing of the LAN server's root): the page comes over plain HTTP without
 * sign-in, offers the root, and its live check says this browser does not trust the site yet.
 */
import { X509Certificate } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { LAN } from './lan/site.ts'

const installer = `http://127.0.0.1:${LAN.httpPort}/installer`

test('a browser that has not installed the root is told so, and gets the root and the steps', async ({
  page,
}) => {
  await page.goto(installer)
  await expect(page).toHaveURL(installer)
  await expect(page.getByRole('status')).toHaveText(/ne fait pas encore confiance au serveur/)
  await page
    .getByRole('group')
    .filter({ hasText: 'Terminal Android (11 et plus)' })
    .getByText('Terminal Android')
    .click()
  await expect(page.getByText('Installer un certificat → Certificat CA', { exact: false })).toBeVisible()

  const root = readFileSync(join(process.env.E2E_LAN_DATA_DIR!, 'tls', 'root-certificate.pem'), 'utf8')
  const fingerprint = new X509Certificate(root).fingerprint256
  await expect(page.getByText(fingerprint)).toBeVisible()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Télécharger le certificat (.crt)' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('entrepot-racine.crt')
  const der = readFileSync((await download.path())!)
  expect(new X509Certificate(der).fingerprint256).toBe(fingerprint)
})
