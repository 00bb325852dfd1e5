/**
 * `kill <pid of npm start>` stops the server. npm runs a script through `sh -c` and forwards SIGINT
 * and SIGTERM to that shell only, which dies and leaves its children running: so the scripts exec
 * the server in the shell's place (package.json), and the server stops when npm is gone whatever
 * signal took it (parent-watch.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { alive, freePort, listening, serverPid, startServer, until } from '../testing/ops.ts'
import { prepareDataDir } from '../testing/pglite.ts'

describe('npm run server', () => {
  let dataDir = ''
  const pids: number[] = []
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'entrepot-npm-start-'))
    prepareDataDir(dataDir, 'migrated')
  })
  afterAll(() => {
    for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  })

  async function start() {
    const [port, agentPort] = [await freePort(), await freePort()]
    const npm = await startServer({
      DATA_DIR: dataDir,
      PORT: String(port),
      SEED: 'off',
      AGENT_PORT: String(agentPort),
      AGENT_OUT_DIR: join(dataDir, 'prints'),
    })
    const pid = serverPid(dataDir)
    pids.push(pid)
    expect(await listening(port)).toBe(true)
    expect(await listening(agentPort)).toBe(true)
    return { npm, pid, port, agentPort }
  }

  it('stops, with the virtual print agent, when npm is sent SIGTERM, and npm exits with its code', async () => {
    const { npm, pid, port, agentPort } = await start()
    expect(pid).not.toBe(npm.child.pid) // npm's child, not npm
    npm.child.kill('SIGTERM')
    expect(await npm.exited).toEqual({ code: 0, signal: null })
    await until(() => !alive(pid), 'the server process to end')
    expect(await listening(port)).toBe(false)
    expect(await listening(agentPort)).toBe(false)
    expect(npm.output()).toContain('Entrepôt arrêté (SIGTERM)')
  }, 120_000)

  it('stops when npm dies of a signal it does not forward (SIGHUP)', async () => {
    const { npm, pid, port } = await start()
    npm.child.kill('SIGHUP')
    expect((await npm.exited).signal).toBe('SIGHUP')
    await until(() => !alive(pid), 'the orphaned server to stop', 15_000)
    expect(await listening(port)).toBe(false)
    expect(npm.output()).toContain('Entrepôt arrêté (npm arrêté)')
  }, 120_000)

  it('is what npm start runs after the build, when the sources changed (build-if-changed.test.ts)', () => {
    const { scripts } = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
    expect(scripts.server).toMatch(/^exec /)
    expect(scripts.start).toBe(`node scripts/build-if-changed.mjs && ${scripts.server}`)
  })
})
