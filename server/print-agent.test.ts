import { createServer } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { AgentSettings } from './config.ts'
import { startPrintAgent } from './print-agent.ts'
import { throwawayQzKeys } from './qz/keys.ts'

describe('the print agent beside the server', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'entrepot-prints-'))
  afterAll(() => rmSync(outDir, { recursive: true, force: true }))
  const settings = (over: Partial<AgentSettings> = {}): AgentSettings => ({
    enabled: true,
    port: 0,
    host: '127.0.0.1',
    outDir,
    verify: true,
    ...over,
  })

  it('is not started with AGENT=off', async () => {
    expect(await startPrintAgent(settings({ enabled: false }), throwawayQzKeys())).toBeNull()
  })

  it('starts, says where, and closes', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const agent = await startPrintAgent(settings(), throwawayQzKeys())
    expect(agent).not.toBeNull()
    expect(log.mock.calls.flat().join('\n')).toMatch(/Agent QZ virtuel prêt sur ws:\/\/127\.0\.0\.1:\d+/)
    await agent?.close()
    log.mockRestore()
  })

  it('leaves the port to whatever already answers there (a real QZ Tray)', async () => {
    const busy = createServer().listen(0, '127.0.0.1')
    await new Promise((resolve) => busy.once('listening', resolve))
    const port = (busy.address() as { port: number }).port
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    expect(await startPrintAgent(settings({ port }), throwawayQzKeys())).toBeNull()
    expect(log.mock.calls.flat().join('\n')).toContain('répond déjà')
    log.mockRestore()
    busy.close()
  })
})
