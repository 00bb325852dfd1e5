// A throw-away PostgreSQL server for the tests (`npm test` runs the server suite on it too):
// Debian's postgresql binaries, a fresh cluster in a temporary folder, listening on loopback
// only, trusting local connections, deleted at the end. Nothing of the machine's own
// PostgreSQL is used or changed.
//
// As root (CI), initdb refuses to run: the cluster is then made and run by the `postgres`
// user the Debian package creates, in a folder that user owns.
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The newest installed PostgreSQL's bin folder, or null when there is none. */
export function postgresBin() {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length ? join(root, versions[0], 'bin') : null
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** Starts the cluster; returns its URL and a stop() that deletes it. */
export async function startCluster({ settings = [] } = {}) {
  const bin = postgresBin()
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)')
  const dir = mkdtempSync(join(tmpdir(), 'entrepot-pg-'))
  const data = join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  // `runuser` as root; the folder is handed to that user first.
  const run = (cmd, args) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]]
      : [join(bin, cmd), args]
    const result = spawnSync(file, argv, { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${cmd} failed:\n${result.stdout}\n${result.stderr}`)
  }
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  chmodSync(dir, 0o700)
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8'])
  const port = await freePort()
  // Test settings, not a production server's: fsync off (the cluster is deleted at the end),
  // enough connections for every test file's pool at once.
  const options = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${dir}'`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
    '-c shared_buffers=128MB',
    ...settings.map((setting) => `-c ${setting}`),
  ].join(' ')
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start'])
  start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** The postmaster's process id (its backends are its children): what the benchmarks measure. */
    pid: () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    /** Stops the server the way an upgrade or a fail-over does (fast: sessions cut), data kept. */
    down() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
    },
    /** Starts it again after down(), on the same port. */
    up: start,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
