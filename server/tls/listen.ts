/**
 * How a serving process listens once it has its app: plain HTTP on PORT (TLS off), or HTTPS on
 * HTTPS_PORT with PORT as the front door (front-door.ts), the certificate followed as its files
 * change (material.ts).
 */
import type { Server as HttpsServer } from 'node:https'
import type { FastifyInstance } from 'fastify'
import type { ServerConfig } from '../config.ts'
import { guardConnections } from '../http/connection-guard.ts'
import { frontDoor } from './front-door.ts'
import { type TlsMaterial, watchTls } from './material.ts'
import { wantedNames } from './names.ts'

export interface Listening {
  /** Where the app answers, for the start's message. */
  url: string
  /** The ports listened on (as asked, or picked when 0 was asked): plain HTTP, and HTTPS if on. */
  ports: { http: number; https: number | null }
  /** Looks at the certificate files now (SIGHUP); a no-op without TLS. */
  reloadTls(): void
  /** Stops the front door and the watch; the app is closed by its owner. */
  close(): Promise<void>
}

type ListenConfig = Pick<ServerConfig, 'port' | 'host' | 'tls' | 'dataDir' | 'publicOrigin' | 'trustProxy'>

export async function listen(
  app: FastifyInstance,
  config: ListenConfig,
  tls: { current: TlsMaterial } | null,
  { renew }: { renew: boolean },
): Promise<Listening> {
  if (!tls) {
    await app.listen({ port: config.port, host: config.host })
    const port = portOf(app.server.address(), config.port)
    return {
      url: `http://${shown(config.host, wantedNames({ host: config.host }))}:${port}`,
      ports: { http: port, https: null },
      reloadTls: () => {},
      close: async () => {},
    }
  }
  await app.listen({ port: config.tls.httpsPort, host: config.host })
  const httpsPort = portOf(app.server.address(), config.tls.httpsPort)
  const door = frontDoor(app, {
    httpsPort,
    names: () => tls.current.info.names,
    publicOrigin: config.publicOrigin,
  })
  guardConnections(door.plain, config.trustProxy ? { maxConnectionsPerAddress: 0 } : {})
  await new Promise<void>((resolve, reject) => {
    door.server.once('error', reject)
    door.server.listen(config.port, config.host, () => resolve())
  })
  const watch = watchTls(
    config,
    (material) => {
      tls.current = material
      // New handshakes use it; open connections keep the one they began with.
      ;(app.server as HttpsServer).setSecureContext({ key: material.keyPem, cert: material.certPem })
    },
    { renew },
  )
  return {
    url: `https://${shown(config.host, tls.current.info.names)}:${httpsPort}`,
    ports: { http: portOf(door.server.address(), config.port), https: httpsPort },
    reloadTls: () => watch.reload(),
    close: () =>
      new Promise<void>((resolve) => {
        watch.stop()
        door.server.close(() => resolve())
        door.plain.closeAllConnections()
      }),
  }
}

/**
 * What to open, for the start's message: 0.0.0.0 means "every address", which a person cannot
 * type; say the first LAN address the certificate (or this machine) has.
 */
function shown(host: string, names: readonly string[]): string {
  if (host !== '0.0.0.0' && host !== '::') return host.includes(':') ? `[${host}]` : host
  return names.find((name) => /^\d+\.\d+\.\d+\.\d+$/.test(name) && !name.startsWith('127.')) ?? host
}

const portOf = (address: ReturnType<FastifyInstance['server']['address']>, fallback: number) =>
  typeof address === 'object' && address ? address.port : fallback
