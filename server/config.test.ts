import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './auth/password.ts'
import { loadConfig, resolveJwtSecret } from './config.ts'

describe('configuration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'entrepot-config-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('has the docs/configuration.md defaults', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      seed: true,
      trustProxy: false,
      corsOrigins: [],
      databaseUrl: undefined,
    })
    expect(config.dataDir).toMatch(/[\\/]data$/)
  })

  it('reads SEED=off, TRUST_PROXY, CORS_ORIGIN', () => {
    const config = loadConfig({
      SEED: 'off',
      TRUST_PROXY: 'on',
      CORS_ORIGIN: 'https://a.example/, http://localhost:5173',
    })
    expect(config.seed).toBe(false)
    expect(config.trustProxy).toBe(true)
    expect(config.corsOrigins).toEqual(['https://a.example', 'http://localhost:5173'])
    expect(typeof loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe('function')
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8')
  })

  it('reads PUBLIC_ORIGIN as an origin, and refuses what is not one', () => {
    expect(loadConfig({}).publicOrigin).toBeUndefined()
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://entrepot.example.fr/' }).publicOrigin).toBe(
      'https://entrepot.example.fr',
    )
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'entrepot' })).toThrow(/PUBLIC_ORIGIN/)
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'ftp://entrepot.example.fr' })).toThrow(/PUBLIC_ORIGIN/)
  })

  it('reads WORKERS and MAX_IN_FLIGHT; several workers only on a PostgreSQL server', () => {
    expect(loadConfig({})).toMatchObject({ workers: 1, maxInFlight: 32 })
    expect(loadConfig({ WORKERS: '2', DATABASE_URL: 'postgres://h/db', MAX_IN_FLIGHT: '64' })).toMatchObject({
      workers: 2,
      maxInFlight: 64,
    })
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/DATABASE_URL/)
    expect(() => loadConfig({ WORKERS: '0', DATABASE_URL: 'postgres://h/db' })).toThrow(/WORKERS/)
    expect(() => loadConfig({ MAX_IN_FLIGHT: 'beaucoup' })).toThrow(/MAX_IN_FLIGHT/)
  })

  it("reads the warehouse's time zone, Europe/Paris by default, and refuses an unknown one", () => {
    expect(loadConfig({}).timeZone).toBe('Europe/Paris')
    expect(loadConfig({ WAREHOUSE_TIME_ZONE: 'America/Montreal' }).timeZone).toBe('America/Montreal')
    expect(() => loadConfig({ WAREHOUSE_TIME_ZONE: 'Paris' })).toThrow(/WAREHOUSE_TIME_ZONE/)
  })

  it('seeds the demo on a loopback address only, unless SEED says otherwise', () => {
    const seedOf = (env: Record<string, string>) => {
      const { seed, seedAsked } = loadConfig(env)
      return { seed, seedAsked }
    }
    for (const HOST of ['127.0.0.1', '127.0.1.1', '::1', 'localhost'])
      expect(seedOf({ HOST })).toEqual({ seed: true, seedAsked: false })
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20'])
      expect(seedOf({ HOST })).toEqual({ seed: false, seedAsked: false })
    expect(seedOf({ HOST: '0.0.0.0', SEED: 'on' })).toEqual({ seed: true, seedAsked: true })
    expect(seedOf({ HOST: '127.0.0.1', SEED: 'off' })).toEqual({ seed: false, seedAsked: false })
  })

  it('starts the print agent by default on 8182, writing into DATA_DIR/prints, checking signatures', () => {
    const config = loadConfig({ DATA_DIR: '/srv/entrepot' })
    expect(config.agent).toEqual({
      enabled: true,
      port: 8182,
      host: '127.0.0.1',
      outDir: '/srv/entrepot/prints',
      verify: true,
    })
    const off = loadConfig({
      AGENT: 'off',
      AGENT_OUT_DIR: '/tmp/out',
      AGENT_PORT: '9000',
      AGENT_VERIFY: 'off',
    })
    expect(off.agent).toMatchObject({ enabled: false, outDir: '/tmp/out', port: 9000, verify: false })
    expect(() => loadConfig({ AGENT_PORT: 'x' })).toThrow(/AGENT_PORT/)
  })

  it('reads the QZ key and certificate the site gives, as PEM or as files', () => {
    expect(loadConfig({}).qz).toEqual({})
    expect(loadConfig({ QZ_PRIVATE_KEY: 'k', QZ_CERTIFICATE_FILE: '/etc/qz.crt' }).qz).toEqual({
      privateKey: 'k',
      certificateFile: '/etc/qz.crt',
    })
  })

  it('reads CARRIER_FAILURE as carrier=mode pairs and refuses an unknown carrier or mode', () => {
    expect(loadConfig({}).carrierFailures).toEqual([])
    expect(loadConfig({ CARRIER_FAILURE: ' GLS=always, dpd=0.5 ' }).carrierFailures).toEqual([
      { carrier: 'gls', mode: 'always' },
      { carrier: 'dpd', mode: '0.5' },
    ])
    expect(() => loadConfig({ CARRIER_FAILURE: 'fedex=always' })).toThrow(/CARRIER_FAILURE/)
    expect(() => loadConfig({ CARRIER_FAILURE: 'gls=sometimes' })).toThrow(/CARRIER_FAILURE/)
    expect(() => loadConfig({ CARRIER_FAILURE: 'gls=1.5' })).toThrow(/CARRIER_FAILURE/)
  })

  it('refuses a JWT_SECRET shorter than 32 characters and a bad PORT', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/at least 32/)
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/)
  })

  it('generates the JWT secret once, private to the owner, and reuses it', () => {
    const first = resolveJwtSecret({ dataDir: dir, jwtSecret: undefined })
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600)
    expect(resolveJwtSecret({ dataDir: dir, jwtSecret: undefined })).toBe(first)
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first)
    expect(resolveJwtSecret({ dataDir: dir, jwtSecret: 'x'.repeat(40) })).toBe('x'.repeat(40))
  })
})

describe('password hashing', () => {
  it('verifies the right password only, with a salted self-describing hash', async () => {
    const [a, b] = await Promise.all([hashPassword('démo'), hashPassword('démo')])
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/)
    expect(a).not.toBe(b)
    expect(await verifyPassword('démo', a!)).toBe(true)
    expect(await verifyPassword('demo', a!)).toBe(false)
    expect(await verifyPassword('démo', 'bcrypt$whatever')).toBe(false)
  })
})
