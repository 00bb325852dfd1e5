/**
 * Issue 16, a new site's first hour, in the browser: its own server on an empty database (SEED=off),
 * the first administrator made from the sign-in page, then a shop, a storage location, a user and a
 * workstation whose printers are read from the print agent; the new user signs in and prints that
 * location's label on that workstation.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { startAgent, type RunningAgent } from '../../agent/agent.ts'
import { freePort, pdfText, signInThroughForm, useAgentPort } from './helpers.ts'

const PORT = Number(process.env.E2E_ADMIN_PORT ?? 18_086)
const LOCATION = 'A-01-01-01'

let dataDir = ''
let outDir = ''
let server: ChildProcess | undefined
let agent: RunningAgent | undefined

async function startServer(dir: string): Promise<ChildProcess> {
  // node itself, not npx: the signal at the end must reach the server, not a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    // No warm-up of the stock writes (db/warm-up.ts): this test times no scan, and its 2–3 s of CPU
    // were the other browser test's on a two-core machine.
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SEED: 'off',
      DATA_DIR: dir,
      AGENT: 'off',
      WARM_UP_MS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The admin test's server stopped (${child.exitCode})`)
    const ok = await fetch(`http://127.0.0.1:${PORT}/rest/setup/status`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return child
    if (Date.now() > deadline) throw new Error('The admin test server did not start in 90 s')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

// Required fields' labels end with ' *': the fields are found by the start of their label.
test.use({ baseURL: `http://127.0.0.1:${PORT}`, actionTimeout: 15_000 })
test.describe.configure({ timeout: 180_000 })

test.beforeAll(async () => {
  test.setTimeout(150_000)
  const began = Date.now()
  dataDir = mkdtempSync(join(tmpdir(), 'entrepot-admin-e2e-'))
  outDir = mkdtempSync(join(tmpdir(), 'entrepot-admin-prints-'))
  server = await startServer(dataDir)
  agent = await startAgent({ port: await freePort(), outDir, log: () => {} })
  console.log(`admin e2e: empty site and its server ready in ${((Date.now() - began) / 1000).toFixed(1)} s`)
})

test.afterAll(async () => {
  await agent?.close()
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  for (const dir of [dataDir, outDir]) if (dir) rmSync(dir, { recursive: true, force: true })
})

/** Opens a section of the admin area by its tab. */
const section = (page: Page, name: string) => page.getByRole('tab', { name }).click()

test('a new site: first administrator, shop, user, workstation read from the agent, then the user prints', async ({
  page,
}) => {
  await useAgentPort(page, (agent as RunningAgent).port)
  const started = Date.now()

  // The first visit offers the first administrator.
  await page.goto('/login')
  await page.getByRole('link', { name: 'Créer le premier administrateur' }).click()
  // The sign-in form has an 'Identifiant' too: wait for the new screen, not only its URL.
  const setup = page.getByRole('form', { name: 'Premier administrateur' })
  await expect(setup).toBeVisible()
  await setup.getByLabel('Identifiant').fill('chef')
  await setup.getByLabel('Nom').fill('Chef de quai')
  await setup.getByLabel(/^Mot de passe/).fill('premier-admin')
  await setup.getByLabel('Confirmation du mot de passe').fill('premier-admin')
  await setup.getByRole('button', { name: "Créer l'administrateur" }).click()
  await expect(page).toHaveURL(/\/admin/)
  await expect(page.getByRole('heading', { name: 'Administration' })).toBeVisible()

  // A shop.
  await section(page, 'Boutiques')
  await page.getByRole('button', { name: 'Nouvelle boutique' }).click()
  const shopForm = page.getByRole('dialog', { name: 'Nouvelle boutique' })
  await shopForm.getByLabel('Nom').fill('Atelier Nord')
  await shopForm.getByLabel('Identifiant (slug)').fill('atelier-nord')
  await shopForm.getByLabel('Code').fill('AN')
  await shopForm.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(shopForm).toBeHidden()
  await expect(page.getByText('atelier-nord · AN · 0 produit')).toBeVisible()

  // A storage location: SEED=off lays out none, and the label printed at the end is its own.
  await section(page, 'Emplacements')
  const locationForm = page.getByRole('form', { name: 'Créer des emplacements' })
  await locationForm.getByLabel('Un emplacement par ligne').fill(LOCATION)
  await expect(locationForm.getByLabel('Type')).toHaveValue('storage')
  await locationForm.getByRole('button', { name: 'Créer' }).click()
  await expect(locationForm.getByRole('status')).toHaveText('1 emplacement créé.')
  await expect(page.getByRole('cell', { name: LOCATION })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Emplacements par type' })).toContainText(
    'Stockage : 1 emplacement',
  )

  // QZ Tray calls are signed by the server for the printing roles only: the administrator, who
  // will read the printers of this computer, gives themselves the Print role first.
  await section(page, 'Utilisateurs')
  await page.getByRole('button', { name: 'Modifier chef' }).click()
  const self = page.getByRole('dialog', { name: 'Utilisateur chef' })
  await self.getByLabel('Accès entrepôt').check()
  await self.getByLabel('Impression (Print)').check()
  await self.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(self).toBeHidden()

  // The user 'cariste': Transfer, and Barcode, which 'Impression emplacement' needs; the new shop.
  await page.getByRole('button', { name: 'Nouvel utilisateur' }).click()
  const userForm = page.getByRole('dialog', { name: 'Nouvel utilisateur' })
  await userForm.getByLabel('Identifiant').fill('cariste')
  await userForm.getByLabel('Nom').fill('Camille Cariste')
  await userForm.getByLabel('Mot de passe').fill('cariste-2024')
  await userForm.getByLabel('Accès entrepôt').check()
  await userForm.getByLabel('Transfert (Transfer)').check()
  await userForm.getByLabel('Étiquettes (Barcode)').check()
  await userForm.getByLabel('Boutiques').click()
  await page.getByRole('option', { name: 'Atelier Nord (atelier-nord)' }).click()
  // A multi-select stays open for more choices: Escape closes the list, not the dialog.
  await page.keyboard.press('Escape')
  await expect(page.getByRole('option', { name: 'Atelier Nord (atelier-nord)' })).toBeHidden()
  await userForm.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(userForm).toBeHidden()
  await expect(page.getByText('cariste — Camille Cariste')).toBeVisible()

  // The workstation: this computer (the server sees it as 127.0.0.1), its label printer picked
  // among those the print agent reports.
  await section(page, 'Postes et imprimantes')
  await page.getByRole('button', { name: 'Nouveau poste' }).click()
  const computerForm = page.getByRole('dialog', { name: 'Nouveau poste' })
  await computerForm.getByLabel('Nom du poste').fill('Poste quai 1')
  await computerForm.getByLabel('Adresse IP').fill('127.0.0.1')
  await computerForm.getByRole('button', { name: 'Lire les imprimantes' }).click()
  await expect(computerForm.getByText(/3 imprimantes trouvées/)).toBeVisible({ timeout: 20_000 })
  await computerForm.getByRole('button', { name: 'Ajouter une imprimante' }).click()
  await computerForm.getByLabel("Nom de l'imprimante 1").click()
  await page.getByRole('option', { name: 'Zebra ZD421' }).click()
  await expect(computerForm.getByLabel("Usage de l'imprimante 1")).toHaveValue('label')
  await computerForm.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(computerForm).toBeHidden()
  await expect(page.getByText('Zebra ZD421 (Étiquettes, PDF)')).toBeVisible()

  // Everything was recorded, newest first.
  await section(page, 'Historique')
  // Its entries only, not the lists of changed fields inside them.
  const history = page.getByRole('list', { name: 'Historique' }).locator(':scope > li')
  await expect(history.first()).toContainText('Création · Poste « Poste quai 1 »')
  await expect(history.filter({ hasText: 'Création · Emplacements « Stockage »' })).toContainText(LOCATION)
  await expect(history.last()).toContainText('Création · Utilisateur « chef »')

  // The user signs in on this computer and prints a location label.
  await page.getByRole('button', { name: 'Se déconnecter' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await signInThroughForm(page, 'cariste', 'cariste-2024')
  await expect(page.getByRole('button', { name: 'Vous pouvez imprimer' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('button', { name: 'Votre ordinateur est configuré' })).toBeVisible()
  await page.goto('/warehouse/print-location')
  await page.getByLabel('Emplacement').fill(LOCATION)
  await page.getByLabel('Emplacement').press('Enter')
  await page.getByRole('button', { name: "Imprimer l'étiquette" }).click()

  // The agent records a job once all its files are written: wait for that, not for the file to
  // appear (it may still be half written).
  await expect.poll(() => agent?.jobs.length).toBe(1)
  const elapsed = Date.now() - started
  const job = agent!.jobs[0]!
  expect(job.printer).toBe('Zebra ZD421')
  expect(job.items.map((item) => item.file.endsWith('.pdf'))).toEqual([true])
  expect(pdfText(readFileSync(job.items[0]!.file))).toContain(LOCATION)

  test.info().annotations.push({ type: 'browser flow', description: `${(elapsed / 1000).toFixed(1)} s` })
  console.log(`admin e2e: browser flow ${(elapsed / 1000).toFixed(1)} s`)
})
