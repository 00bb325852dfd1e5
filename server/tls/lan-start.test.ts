/**
 * The server as a site starts it on its LAN (issue 30), in a network namespace with a veth pair
 * standing for the warehouse network: HOST=0.0.0.0 and nothing else turns HTTPS on, with a
 * certificate naming the LAN address, which a device trusts once it has the root from /installer.
 * Needs root and `unshare -n` (as CI has); skipped elsewhere, with the reason.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { prepareDataDir } from '../testing/pglite.ts'

const unavailable =
  process.getuid?.() !== 0
    ? 'needs root for unshare -n'
    : spawnSync('unshare', ['-n', 'ip', 'link', 'add', 'v0', 'type', 'veth', 'peer', 'name', 'v1']).status !==
        0
      ? "unshare -n with a veth pair is not permitted here (or 'ip' is missing)"
      : null

const NETWORK = [
  'ip link set lo up',
  'ip link add v0 type veth peer name v1',
  'ip addr add 10.200.0.1/24 dev v0',
  'ip addr add 10.200.0.2/24 dev v1',
  'ip link set v0 up',
  'ip link set v1 up',
].join(' && ')

describe.skipIf(unavailable !== null)(
  `a server started on the LAN${unavailable ? ` (skipped: ${unavailable})` : ''}`,
  () => {
    it('speaks HTTPS by itself, names its LAN address, and redirects plain HTTP', () => {
      const parent = mkdtempSync(join(tmpdir(), 'entrepot-lan-'))
      // Its database from the run's migrated template: what is tested is the start's network side.
      prepareDataDir(join(parent, 'data'), 'migrated')
      try {
        const run = spawnSync(
          'unshare',
          [
            '-n',
            'sh',
            '-c',
            `${NETWORK} && exec "${process.execPath}" --import tsx server/testing/lan-probe.ts "${join(parent, 'data')}"`,
          ],
          { encoding: 'utf8', timeout: 150_000 },
        )
        const line = run.stdout.trim().split('\n').at(-1) ?? ''
        expect(run.status, run.stderr + run.stdout).toBe(0)
        const seen = JSON.parse(line) as {
          upMs: number
          log: string
          redirect: string
          appStatus: number
          names: string
          check: string
          agentOrigins: string[]
        }
        expect(seen.redirect).toBe('https://10.200.0.1:8443/reception')
        expect(seen.appStatus).toBe(200)
        expect(seen.names).toContain('IP Address:10.200.0.1')
        expect(JSON.parse(seen.check)).toEqual({ trusted: true })
        // A page opened at the LAN address gets links naming it: the agent beside the server takes them.
        expect(seen.agentOrigins).toEqual(
          expect.arrayContaining([
            'https://10.200.0.1:8443',
            'http://10.200.0.1:8080',
            'https://10.200.0.1:8080',
          ]),
        )
        expect(seen.log).toContain('Racine HTTPS du site créée')
        console.log(`LAN server up (certificates) in ${seen.upMs} ms`)
      } finally {
        rmSync(parent, { recursive: true, force: true })
      }
    }, 180_000)
  },
)
