/** Server configuration from the environment (docs/configuration.md). */
import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseFailureMode } from './carriers/failure.ts'
import { CARRIER_CODES, isCarrierCode } from './carriers/registry.ts'
import { privateDir } from './db/private-files.ts'
import { DEFAULT_RATE, type RateOptions } from './shop-api/rate-limit.ts'
import { DEFAULT_TIME_ZONE, isTimeZone } from './warehouse-time.ts'

export const MIN_JWT_SECRET_LENGTH = 32
/**
 * MAX_IN_FLIGHT's default, why 32: http/load-shed.ts. Here, not there: this module is read by the
 * first process of WORKERS=N, which must not load the contract (main.ts).
 */
export const DEFAULT_MAX_IN_FLIGHT = 32

export interface ServerConfig {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  /** JWT_SECRET as given; resolveJwtSecret falls back to the generated file. */
  jwtSecret: string | undefined
  /**
   * Whether demo data (and its accounts, whose password is their name) is created on an empty
   * database: SEED=on or off; absent, only on a loopback HOST (demo-exposure.ts).
   */
  seed: boolean
  /** SEED was given as on: demo accounts on a server reachable from the network were asked for. */
  seedAsked: boolean
  /** SEED_ORDERS: how many demo orders the seed makes (benchmarks); absent: the seed's default. */
  seedOrders: number | undefined
  trustProxy: TrustProxy
  corsOrigins: string[]
  /** PUBLIC_ORIGIN: the origin print agents fetch documents from (routes/print.ts documentOrigin). */
  publicOrigin: string | undefined
  connectSrc: string[]
  distDir: string
  /** QZ Tray signing key and certificate given by the site; absent: generated into DATA_DIR/qz. */
  qz: QzSource
  /** The virtual print agent `npm start` runs beside the server (AGENT=off: not). */
  agent: AgentSettings
  /**
   * CARRIER_FAILURE=gls=always,dpd=0.5: how the simulated carriers fail from this start on, by
   * carrier code (server/carriers/failure.ts), to train packers on the label-failure path or to
   * test it; absent: as stored (the seed makes GLS fail one label in five).
   */
  carrierFailures: { carrier: string; mode: string }[]
  /** MAX_IN_FLIGHT: API requests in flight per process past which new ones get a quick 503. */
  maxInFlight: number
  /** SHOP_API_RATE, SHOP_API_BURST: each shop key's calls a second and at once, per process (shop-api/rate-limit.ts). */
  shopRate: RateOptions
  /** WORKERS: server processes sharing the port (needs DATABASE_URL when more than 1). */
  workers: number
  /** HTTPS (issue 30, tls/): on by itself when HOST reaches the network, or asked with TLS=on. */
  tls: TlsSettings
  /**
   * WAREHOUSE_TIME_ZONE: the warehouse's IANA time zone (warehouse-time.ts), for every day boundary,
   * pickup time, printed and shown date; not the server's TZ.
   */
  timeZone: string
}

export interface TlsSettings {
  enabled: boolean
  /** HTTPS_PORT: the HTTPS port; PORT then redirects to it (and answers TLS too). */
  httpsPort: number
  /** TLS_CERT_FILE / TLS_KEY_FILE: the site's own certificate (chain) and key; absent, generated. */
  certFile: string | undefined
  keyFile: string | undefined
  /** TLS_NAMES: more names the generated certificate must carry (a DNS name of the site's own). */
  extraNames: string[]
}

export interface AgentSettings {
  enabled: boolean
  port: number
  host: string
  outDir: string
  /** Check call signatures against the server's certificate (AGENT_VERIFY=off: not). */
  verify: boolean
}

/** PEM contents (QZ_PRIVATE_KEY, QZ_CERTIFICATE) or paths (QZ_PRIVATE_KEY_FILE, QZ_CERTIFICATE_FILE). */
export interface QzSource {
  privateKey?: string
  certificate?: string
  privateKeyFile?: string
  certificateFile?: string
}

type Env = Readonly<Record<string, string | undefined>>

const OFF = new Set(['', '0', 'off', 'false', 'no'])
const ON = new Set(['1', 'on', 'true', 'yes'])

/** A listen address only this machine reaches: 127.0.0.0/8, ::1, localhost. */
export const isLoopback = (host: string) =>
  /^127(?:\.\d{1,3}){3}$/.test(host) || ['::1', '[::1]', 'localhost'].includes(host.toLowerCase())

export function loadConfig(env: Env = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`)
  const agentPort = Number(env.AGENT_PORT || 8182)
  if (!Number.isInteger(agentPort) || agentPort < 0 || agentPort > 65_535)
    throw new Error(`AGENT_PORT must be a port number, got "${env.AGENT_PORT}"`)
  const jwtSecret = env.JWT_SECRET || undefined
  if (jwtSecret !== undefined && jwtSecret.length < MIN_JWT_SECRET_LENGTH) {
    throw new Error(`JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters long`)
  }
  const seedOrders = env.SEED_ORDERS?.trim() ? Number(env.SEED_ORDERS) : undefined
  if (
    seedOrders !== undefined &&
    !(Number.isInteger(seedOrders) && seedOrders >= 0 && seedOrders <= 1_000_000)
  )
    throw new Error(`SEED_ORDERS must be a number of orders (0 to 1000000), got "${env.SEED_ORDERS}"`)
  const dataDir = resolve(env.DATA_DIR || './data')
  const host = env.HOST || '127.0.0.1'
  const seedAsked = ON.has((env.SEED ?? '').trim().toLowerCase())
  const seedRefused = env.SEED !== undefined && OFF.has(env.SEED.trim().toLowerCase())
  return {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret,
    seed: seedAsked || (!seedRefused && isLoopback(host)),
    seedAsked,
    seedOrders,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    corsOrigins: list(env.CORS_ORIGIN),
    publicOrigin: publicOrigin(env.PUBLIC_ORIGIN),
    // `npm start` builds and serves with the same environment: let the page reach the error
    // reporting ingest and a separate API host, if the build was told about them.
    connectSrc: [env.VITE_SENTRY_DSN, env.VITE_API_HOST].flatMap((url) => origin(url) ?? []),
    distDir: fileURLToPath(new URL('../dist', import.meta.url)),
    qz: {
      privateKey: env.QZ_PRIVATE_KEY || undefined,
      certificate: env.QZ_CERTIFICATE || undefined,
      privateKeyFile: env.QZ_PRIVATE_KEY_FILE || undefined,
      certificateFile: env.QZ_CERTIFICATE_FILE || undefined,
    },
    agent: {
      enabled: !OFF.has((env.AGENT ?? 'on').trim().toLowerCase()),
      // The same variables as `npm run agent` (agent/config.ts), so both start the same agent.
      port: agentPort,
      host: env.AGENT_HOST || '127.0.0.1',
      outDir: resolve(env.AGENT_OUT_DIR || join(dataDir, 'prints')),
      verify: !OFF.has((env.AGENT_VERIFY ?? 'on').trim().toLowerCase()),
    },
    carrierFailures: parseCarrierFailures(env.CARRIER_FAILURE),
    maxInFlight: count('MAX_IN_FLIGHT', env.MAX_IN_FLIGHT, DEFAULT_MAX_IN_FLIGHT, 10_000),
    shopRate: {
      perSecond: count('SHOP_API_RATE', env.SHOP_API_RATE, DEFAULT_RATE.perSecond, 10_000),
      burst: count('SHOP_API_BURST', env.SHOP_API_BURST, DEFAULT_RATE.burst, 100_000),
    },
    workers: workers(env),
    tls: tlsSettings(env, host, port),
    timeZone: timeZone(env.WAREHOUSE_TIME_ZONE),
  }
}

function timeZone(raw: string | undefined): string {
  const zone = raw?.trim() || DEFAULT_TIME_ZONE
  if (!isTimeZone(zone))
    throw new Error(`WAREHOUSE_TIME_ZONE must be an IANA time zone such as Europe/Paris, got "${raw}"`)
  return zone
}

function tlsSettings(env: Env, host: string, port: number): TlsSettings {
  const asked = (env.TLS ?? '').trim().toLowerCase()
  if (asked && !OFF.has(asked) && !ON.has(asked) && asked !== 'auto')
    throw new Error(`TLS takes on, off or auto, got "${env.TLS}"`)
  const certFile = env.TLS_CERT_FILE ? resolve(env.TLS_CERT_FILE) : undefined
  const keyFile = env.TLS_KEY_FILE ? resolve(env.TLS_KEY_FILE) : undefined
  if (Boolean(certFile) !== Boolean(keyFile))
    throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together: give both, or neither to have one generated')
  // auto: a server the network reaches speaks HTTPS (browsers give an insecure origin no service
  // worker, camera nor crypto.randomUUID); one on loopback stays plain HTTP, a secure context there.
  const enabled = asked === '' || asked === 'auto' ? Boolean(certFile) || !isLoopback(host) : ON.has(asked)
  const httpsPort = Number(env.HTTPS_PORT || 8443)
  if (!Number.isInteger(httpsPort) || httpsPort < 0 || httpsPort > 65_535)
    throw new Error(`HTTPS_PORT must be a port number, got "${env.HTTPS_PORT}"`)
  if (enabled && httpsPort === port && port !== 0) throw new Error('HTTPS_PORT must differ from PORT')
  return { enabled, httpsPort, certFile, keyFile, extraNames: list(env.TLS_NAMES) }
}

function count(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (!raw?.trim()) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new Error(`${name} must be a whole number from 1 to ${max}, got "${raw}"`)
  return value
}

/** PGlite is one process's database: several processes need a PostgreSQL server to share. */
function workers(env: Env): number {
  const value = count('WORKERS', env.WORKERS, 1, 64)
  if (value > 1 && !env.DATABASE_URL)
    throw new Error('WORKERS above 1 needs DATABASE_URL: the embedded database serves one process only')
  return value
}

function parseCarrierFailures(raw: string | undefined): { carrier: string; mode: string }[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((pair) => {
      const [carrier = '', mode = ''] = pair.split('=').map((s) => s.trim().toLowerCase())
      if (!isCarrierCode(carrier) || parseFailureMode(mode) === null)
        throw new Error(
          `CARRIER_FAILURE takes carrier=mode pairs (carriers: ${CARRIER_CODES.join(', ')}; modes: never, always, address or a rate from 0 to 1), got "${pair}"`,
        )
      return { carrier, mode }
    })
}

/** Fastify's trustProxy: true, trusted addresses/CIDRs (comma-separated), or a hop filter. */
export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean)

/** off (default), on (trust X-Forwarded-For from anyone), a hop count, or trusted addresses. */
function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim()
  if (OFF.has(value.toLowerCase())) return false
  if (ON.has(value.toLowerCase())) return true
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    return (_address, hop) => hop < hops
  }
  return value
}

function list(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/$/, ''))
    .filter(Boolean)
}

function publicOrigin(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined
  const found = origin(value.trim())
  if (!found || !/^https?:/.test(found))
    throw new Error(
      `PUBLIC_ORIGIN must be an http(s) origin such as https://entrepot.example.fr, got "${value}"`,
    )
  return found
}

function origin(url: string | undefined): string | null {
  try {
    return url ? new URL(url).origin : null
  } catch {
    return null
  }
}

/**
 * JWT_SECRET, or a secret generated once into DATA_DIR/jwt-secret (mode 0600) so tokens
 * survive restarts. Several server processes must share one: give them JWT_SECRET.
 */
export function resolveJwtSecret(config: Pick<ServerConfig, 'jwtSecret' | 'dataDir'>): string {
  if (config.jwtSecret) return config.jwtSecret
  const file = join(config.dataDir, 'jwt-secret')
  privateDir(config.dataDir)
  try {
    // 'wx': never overwrite a secret another process has just written (tokens would break).
    writeFileSync(file, randomBytes(48).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const secret = readFileSync(file, 'utf8').trim()
  if (secret.length < MIN_JWT_SECRET_LENGTH)
    throw new Error(`${file} holds a secret shorter than ${MIN_JWT_SECRET_LENGTH} characters`)
  return secret
}
