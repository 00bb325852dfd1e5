import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { startAgent } from '../../agent/agent.ts'
import { pdfText, signIn, useAgentPort } from './helpers.ts'

// The virtual agent listens on its own port for this test; the app is told so the way a site with a
// non-standard QZ Tray setup would be (localStorage 'qz-agent').
const AGENT_PORT = 18_190

test('print location labels from the browser into the agent, see them in the history, follow the agent', async ({
  page,
}) => {
  const outDir = mkdtempSync(join(tmpdir(), 'entrepot-prints-'))
  let agent = await startAgent({ port: AGENT_PORT, outDir, log: () => {} })
  try {
    await useAgentPort(page, AGENT_PORT)
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

    await page.getByRole('button', { name: 'Mon compte' }).click()
    await page.getByRole('link', { name: 'Historique des impressions' }).click()
    await expect(page.getByText(/Étiquettes emplacement/).first()).toBeVisible()

    // The agent goes away: the indicator follows; it comes back: ready again, no reload.
    await agent.close()
    await expect(page.getByRole('button', { name: 'Merci de lancer le logiciel QZ Tray' })).toBeVisible()
    agent = await startAgent({ port: AGENT_PORT, outDir, log: () => {} })
    await expect(page.getByRole('button', { name: 'Vous pouvez imprimer' })).toBeVisible({ timeout: 20_000 })
  } finally {
    await agent.close()
  }
})
