import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { agentTlsMaterial, startAgent } from '../../agent/agent.ts'
import { freePort, pdfText, signIn, useAgentPort } from './helpers.ts'

// Issue 30: from an https page qz-tray.js connects to wss://localhost only, which the agent answers
// with its own localhost certificate, made in the run's data folder; the desktop project's browser
// trusts exactly that certificate, by its key's hash (playwright.config.ts), never by ignoring
// certificate errors.
const AGENT_TLS = agentTlsMaterial(join(process.env.E2E_DATA_DIR ?? tmpdir(), 'agent-tls'))

// The virtual agent listens on its own port for this test; the app is told so the way a site with a
// non-standard QZ Tray setup would be (localStorage 'qz-agent').

// @loopback: also run on a machine with no network route (scripts/test.mjs, issue 16).
test('print location labels from the browser into the agent, see them in the history, follow the agent @loopback', async ({
  page,
}) => {
  const outDir = mkdtempSync(join(tmpdir(), 'entrepot-prints-'))
  const port = await freePort()
  let agent = await startAgent({ port, outDir, log: () => {} })
  try {
    await useAgentPort(page, port)
    await signIn(page, 'expedition')
    await expect(page.getByRole('button', { name: 'Vous pouvez imprimer' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Votre ordinateur est configuré' })).toBeVisible()

    await page.goto('/warehouse/print-location')
    await page.getByLabel('Emplacement').fill('A-01-01')
    await page.getByLabel('Emplacement').press('Enter')
    await expect(page.getByText(/emplacements pour « A-01-01 »/)).toBeVisible()
    await page.getByRole('button', { name: /Imprimer \d+ étiquettes/ }).click()
    await expect(page.getByText(/étiquettes envoyées à l'imprimante/)).toBeVisible()

    await expect.poll(() => readdirSync(outDir).filter((f) => f.endsWith('.pdf')).length).toBe(1)
    const pdf = readFileSync(join(outDir, readdirSync(outDir).find((f) => f.endsWith('.pdf')) as string))
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    expect(pdfText(pdf)).toContain('A-01-01-01')
    // The page fetched the document and sent its bytes (issue 30): the agent fetched nothing.
    const sidecar = readdirSync(outDir).find((f) => f.endsWith('.json')) as string
    expect(JSON.parse(readFileSync(join(outDir, sidecar), 'utf8'))).toMatchObject({ flavor: 'base64' })

    await page.getByRole('button', { name: 'Mon compte' }).click()
    await page.getByRole('link', { name: 'Historique des impressions' }).click()
    await expect(page.getByText(/Étiquettes emplacement/).first()).toBeVisible()

    // The agent goes away: the indicator follows; it comes back: ready again, no reload.
    await agent.close()
    await expect(page.getByRole('button', { name: 'Merci de lancer le logiciel QZ Tray' })).toBeVisible()
    agent = await startAgent({ port, outDir, log: () => {} })
    await expect(page.getByRole('button', { name: 'Vous pouvez imprimer' })).toBeVisible({ timeout: 20_000 })
  } finally {
    await agent.close()
    rmSync(outDir, { recursive: true, force: true })
  }
})

// Issue 16: a reprint from the history says where it went, and works at any age: an entry older
// than its link's life gets a fresh link from the server first, which the agent then fetches.

/** How many entries this browser's print history holds (the app's IndexedDB, read directly). */
const printLogCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('entrepot')
        open.onerror = () => resolve(0)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('printLog')) {
            db.close()
            return resolve(0)
          }
          const count = db.transaction('printLog').objectStore('printLog').count()
          count.onsuccess = () => resolve(count.result)
          count.onerror = () => resolve(0)
          db.close()
        }
      }),
  )

test('reprint from the history: a toast names the printer, and an entry older than its link still prints', async ({
  page,
}) => {
  const outDir = mkdtempSync(join(tmpdir(), 'entrepot-prints-'))
  const agent = await startAgent({ port: await freePort(), outDir, log: () => {} })
  const pdfs = () => readdirSync(outDir).filter((f) => f.endsWith('.pdf')).length
  try {
    await useAgentPort(page, agent.port)
    await signIn(page, 'expedition')
    await expect(page.getByRole('button', { name: 'Vous pouvez imprimer' })).toBeVisible()
    await page.goto('/warehouse/print-location')
    await page.getByLabel('Emplacement').fill('A-01-01-02')
    await page.getByLabel('Emplacement').press('Enter')
    await page.getByRole('button', { name: "Imprimer l'étiquette" }).click()
    await expect.poll(pdfs).toBe(1)
    // The history is written once the agent has answered (a lazy module, then IndexedDB): opening
    // /print-history by a new page load before that would drop the entry with the page.
    await expect.poll(() => printLogCount(page)).toBe(1)

    await page.goto('/print-history')
    const reprint = page.getByRole('button', { name: 'Réimprimer Étiquettes emplacement A-01-01-02' })
    const relinks: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/rest/print/document-link')) relinks.push(request.url())
    })
    await reprint.first().click()
    await expect(page.getByText(/« Étiquettes emplacement A-01-01-02 » réimprimé sur « .+ »\./)).toBeVisible()
    await expect.poll(pdfs).toBe(2)
    expect(relinks).toEqual([])

    // The entries were printed three hours ago: their links are long expired. (Rewritten in the
    // device's database: the app's own log has no update; moving the page's clock would also date
    // its QZ Tray calls, which the server then refuses to sign.)
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('entrepot')
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const db = open.result
            const store = db.transaction('printLog', 'readwrite').objectStore('printLog')
            const cursor = store.openCursor()
            cursor.onsuccess = () => {
              const row = cursor.result
              if (!row) return resolve(db.close())
              row.update({ ...row.value, printedAt: row.value.printedAt - 3 * 3600_000 })
              row.continue()
            }
          }
        }),
    )
    await page.reload()
    await reprint.first().click()
    await expect.poll(pdfs).toBe(3)
    expect(relinks).toHaveLength(1)
    await expect(page.getByText(/réimprimé sur/).first()).toBeVisible()
  } finally {
    await agent.close()
    rmSync(outDir, { recursive: true, force: true })
  }
})

// QZ Tray runs but refuses the site (its certificate is not installed, the connection blocked): the
// app says so instead of asking to start QZ Tray, gives the certificate to install, and connects
// once asked again.
const REFUSED = 'QZ Tray refuse la connexion : certificat du site non installé'

test('a QZ Tray refusing the site: the indicator says why, the help gives the certificate, a retry connects', async ({
  page,
}) => {
  const outDir = mkdtempSync(join(tmpdir(), 'entrepot-prints-'))
  const port = await freePort()
  let agent = await startAgent({ port, outDir, refuse: true, log: () => {} })
  try {
    await useAgentPort(page, port)
    await signIn(page, 'expedition')
    await page.getByRole('button', { name: REFUSED }).click()
    const dialog = page.getByRole('dialog', { name: 'QZ Tray refuse ce site' })
    await expect(dialog.getByText(/authcert\.override=/)).toBeVisible()

    const download = page.waitForEvent('download')
    await dialog.getByRole('button', { name: 'Télécharger le certificat' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('entrepot-qz-racine.pem')
    // The root the server generated, the one QZ Tray must trust (not the leaf it signs with).
    const root = readFileSync(join(process.env.E2E_DATA_DIR as string, 'qz', 'root-certificate.pem'), 'utf8')
    expect(readFileSync(await file.path(), 'utf8').trim()).toBe(root.trim())

    // The certificate is installed and QZ Tray restarted: one click, no reload.
    await agent.close()
    agent = await startAgent({ port, outDir, log: () => {} })
    await dialog.getByRole('button', { name: 'Réessayer la connexion' }).click()
    await expect(page.getByRole('button', { name: 'Vous pouvez imprimer' })).toBeVisible()
  } finally {
    await agent.close()
    rmSync(outDir, { recursive: true, force: true })
  }
})

test("the agent's wss:// answers with its certificate, trusted by its key's hash and nothing else @loopback", async ({
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'entrepot-prints-'))
  const agent = await startAgent({ port: 0, tls: AGENT_TLS, outDir: join(dir, 'prints'), log: () => {} })
  // Another agent, another certificate for localhost: the one the browser was not told of.
  const stranger = await startAgent({
    port: 0,
    tlsDir: join(dir, 'tls'),
    outDir: join(dir, 'prints'),
    log: () => {},
  })
  try {
    await page.goto('/')
    const programAt = (port: number | null) =>
      page.evaluate(
        (securePort) =>
          new Promise<string>((resolve) => {
            const socket = new WebSocket(`wss://localhost:${securePort}/`)
            socket.onopen = () => socket.send('getProgramName')
            socket.onmessage = (event) => {
              resolve(String(event.data))
              socket.close()
            }
            socket.onerror = () => resolve('refused')
          }),
        port,
      )
    expect(await programAt(agent.securePort)).toBe('QZ Tray')
    expect(await programAt(stranger.securePort)).toBe('refused')
  } finally {
    await Promise.all([agent.close(), stranger.close()])
    rmSync(dir, { recursive: true, force: true })
  }
})
