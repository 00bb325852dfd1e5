/**
 * Run inside a network namespace of its own with a veth pair (lan-start.test.ts): the server started
 * as 'Premiers pas' says (HOST=0.0.0.0, SEED=off, nothing about TLS) on a machine whose LAN address
 * is 10.200.0.1, and a device at 10.200.0.2 that trusts the root it fetched from /installer.
 * Prints one JSON line with what the device saw.
 */
import { spawn } from 'node:child_process'
import { X509Certificate } from 'node:crypto'
import { documentOrigins } from '../../agent/config.ts'
import { type Answer, get } from './tls-get.ts'

const [dataDir = '', serverAddress = '10.200.0.1', deviceAddress = '10.200.0.2'] = process.argv.slice(2)

const ask = (url: string, ca?: string) => get(url, { ca, localAddress: deviceAddress })

const started = Date.now()
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    HOST: '0.0.0.0',
    SEED: 'off',
    DATA_DIR: dataDir,
    AGENT: 'off',
    PORT: '8080',
    HTTPS_PORT: '8443',
    TLS: '',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
})
let log = ''
server.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()))
try {
  const http = `http://${serverAddress}:8080`
  let installer: Answer | undefined
  while (!installer) {
    if (Date.now() - started > 90_000) throw new Error(`server not up in 90 s: ${log}`)
    installer = await ask(`${http}/installer/entrepot-racine.crt`).catch(() => undefined)
    if (!installer) await new Promise((r) => setTimeout(r, 200))
  }
  const upMs = Date.now() - started
  const root = new X509Certificate(installer.body).toString()
  const redirect = await ask(`${http}/reception`)
  const app = await ask(`https://${serverAddress}:8443/rest/openapi.json`, root)
  const check = await ask(`https://${serverAddress}:8443/installer/verifier`, root)
  console.log(
    JSON.stringify({
      upMs,
      log,
      redirect: redirect.headers.location,
      appStatus: app.status,
      names: app.peer?.subjectAltName,
      check: check.body.toString(),
      // The print agent `npm start` runs beside the server, on the same machine: the document
      // links it takes by default (agent/config.ts), read from this namespace's interfaces.
      agentOrigins: documentOrigins({ PORT: '8080', HTTPS_PORT: '8443' }),
    }),
  )
} finally {
  server.kill('SIGTERM')
}
