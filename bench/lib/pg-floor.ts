/**
 * bench:api:postgres's floor (issue 35): the mix's stock writes (floor-load.ts: floorCalls), each as
 * the one statement the server sends for it, prepared, over a bare `pg` pool at full speed: no
 * HTTP, no sign-in, no body validation, no look-ups, no key claimed beforehand. What PostgreSQL
 * alone writes on this machine; bench:api's capacity divided by it is the server's own overhead as a
 * measured ratio.
 *
 * The statement: SQL function stock_write (server/db/functions/stock.sql) as
 * server/stock/idempotency.ts (stockWriteStatement) calls it for a request with an Idempotency-Key,
 * every bench request having one: the movements as JSON, the key with its method, path and
 * request hash, the answer's template (parts and slots), and for a transfer or a scrap the
 * location locks and the stock check. Same products, locations and quantities as the HTTP mix, so
 * the calls' `effect`s keep bench:api's ledger check exact (onOk).
 */
import { createHash, randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { LOCATION_LOCK_CLASS } from '../../server/kernel/locks.ts'
import type { FloorCall } from './floor-load.ts'
import { cpuShare } from './cpu-share.ts'
import { percentile } from './open-loop.ts'
import { printTable } from './server.ts'

export interface BareFloorOptions {
  /** The throw-away cluster's DATABASE_URL. */
  url: string
  /** The i-th write of the mix. */
  next: (i: number) => FloorCall
  /** Called for each write done, with its call (whose effect the ledger must then hold). */
  onOk: (call: FloorCall) => void
  seconds: number
  /** Writes before the measure (plans cached per connection), not counted but applied. */
  warmUpSeconds: number
  /** Connections of the pool, each with one write in flight at a time. */
  connections: number
  /** PostgreSQL's CPU ms so far (its process tree). */
  databaseCpuMs: () => number
}

export interface BareFloorResult {
  writes: number
  errors: number
  seconds: number
  rate: number
  p50: number
  p99: number
  databaseCpuPerWrite: number
  clientCpuPerWrite: number
  errorSamples: string[]
  /** Each one's share of a core over the measure (cpu-share.ts): PostgreSQL, this process, the others. */
  shares: string
}

const TEXT = `select stock_write($1::jsonb, $2::integer, $3::text, $4::text, $5::text, $6::text, $7::text[],
  $8::integer[], $9::integer, $10::integer[], $11::integer, $12::integer[], $13::integer[]) as done`
/** stockWriteStatement's placeholder of the first movement's id (idempotency.ts: SENTINEL_BASE). */
const PLACEHOLDER = -1_000_000_000_000

interface Product {
  id: number
  sku: string
  ean13: string
  name: string
}

/** Runs the floor, prints its table (an error sets the exit code) and answers its figures. */
export async function bareFloor(options: BareFloorOptions): Promise<BareFloorResult> {
  const pool = new pg.Pool({ connectionString: options.url, max: options.connections })
  try {
    const { rows: users } = await pool.query<{ id: number }>(`select id from users where username = 'demo'`)
    const userId = users[0]?.id
    if (userId === undefined) throw new Error('floor: no demo user')
    const { rows: products } = await pool.query<Product>('select id, sku, ean13, name from products')
    const byCode = new Map<string, Product>()
    for (const p of products) byCode.set(p.sku, p).set(p.ean13, p)
    const { rows: locations } = await pool.query<{ id: number; name: string }>(
      'select id, name from locations',
    )
    const locationId = new Map(locations.map((l) => [l.name, l.id]))
    const { rows: reasons } = await pool.query<{ id: number; label: string }>(
      'select id, label from rebut_reasons',
    )
    const reasonLabel = new Map(reasons.map((r) => [r.id, r.label]))
    const product = (code: string) => {
      const found = byCode.get(code)
      if (!found) throw new Error(`floor: unknown product ${code}`)
      return found
    }
    const location = (name: string) => {
      const id = locationId.get(name)
      if (id === undefined) throw new Error(`floor: unknown location ${name}`)
      return id
    }
    const view = (p: Product) => ({ sku: p.sku, ean13: p.ean13, name: p.name })

    /** stock_write's arguments for a call, as stockWriteStatement builds them. */
    const values = (call: FloorCall): unknown[] => {
      let movement: Record<string, unknown>
      let answer: unknown
      let check: { lock: number[]; location: number; product: number; quantity: number } | null = null
      if (call.kind === 'reception') {
        const body = call.body as { lines: [{ code: string; quantity: number; location: string }] }
        const line = body.lines[0]
        const p = product(line.code)
        movement = {
          kind: 'RECEPTION',
          product_id: p.id,
          to_location_id: location(line.location),
          quantity: line.quantity,
          user_id: userId,
        }
        answer = {
          movements: [
            { id: PLACEHOLDER, product: view(p), location: line.location, quantity: line.quantity },
          ],
        }
      } else if (call.kind === 'transfer') {
        const body = call.body as { from: string; to: string; lines: [{ code: string; quantity: number }] }
        const line = body.lines[0]
        const p = product(line.code)
        const [from, to] = [location(body.from), location(body.to)]
        movement = {
          kind: 'TRANSFER',
          product_id: p.id,
          from_location_id: from,
          to_location_id: to,
          quantity: line.quantity,
          user_id: userId,
        }
        answer = {
          movements: [
            { id: PLACEHOLDER, product: view(p), from: body.from, to: body.to, quantity: line.quantity },
          ],
        }
        check = {
          lock: [from, to].sort((a, b) => a - b),
          location: from,
          product: p.id,
          quantity: line.quantity,
        }
      } else {
        const body = call.body as { code: string; quantity: number; location: string; reason: number }
        const p = product(body.code)
        const at = location(body.location)
        const label = reasonLabel.get(body.reason) ?? ''
        movement = {
          kind: 'REBUT',
          product_id: p.id,
          from_location_id: at,
          quantity: body.quantity,
          user_id: userId,
          reason: label,
        }
        answer = {
          movement: {
            id: PLACEHOLDER,
            product: view(p),
            location: body.location,
            quantity: body.quantity,
            reason: { id: body.reason, label },
          },
        }
        check = { lock: [at], location: at, product: p.id, quantity: body.quantity }
      }
      const parts = JSON.stringify(answer).split(String(PLACEHOLDER))
      const hash = createHash('sha256')
        .update(JSON.stringify([userId, 'POST', call.path, call.body]))
        .digest('hex')
      return [
        JSON.stringify([movement]),
        userId,
        randomUUID(),
        'POST',
        call.path,
        hash,
        parts,
        [0, null],
        LOCATION_LOCK_CLASS,
        check?.lock ?? null,
        check?.location ?? null,
        check ? [check.product] : null,
        check ? [check.quantity] : null,
      ]
    }

    const errorSamples: string[] = []
    let i = 0
    /** Every connection writing, one write at a time each, until `ms` have passed. */
    const runFor = async (ms: number) => {
      const end = performance.now() + ms
      const times: number[] = []
      let errors = 0
      const loop = async () => {
        while (performance.now() < end) {
          const call = options.next(i++)
          const start = performance.now()
          try {
            const { rows } = await pool.query<{
              done: { ids?: number[]; available?: unknown; stored?: unknown }
            }>({
              name: 'floor_stock_write',
              text: TEXT,
              values: values(call),
            })
            times.push(performance.now() - start)
            if (rows[0]?.done.ids?.length === 1) options.onOk(call)
            else {
              errors++
              if (errorSamples.length < 5) errorSamples.push(`${call.kind}: ${JSON.stringify(rows[0]?.done)}`)
            }
          } catch (error) {
            errors++
            if (errorSamples.length < 5) errorSamples.push(`${call.kind}: ${String(error)}`)
          }
        }
      }
      await Promise.all(Array.from({ length: options.connections }, loop))
      return { times, errors }
    }

    await runFor(options.warmUpSeconds * 1000)
    const databaseBefore = options.databaseCpuMs()
    const clientBefore = process.cpuUsage()
    const share = cpuShare({ PostgreSQL: options.databaseCpuMs })
    const started = performance.now()
    const { times, errors } = await runFor(options.seconds * 1000)
    const shares = share.stop()
    const seconds = (performance.now() - started) / 1000
    const client = process.cpuUsage(clientBefore)
    const databaseMs = options.databaseCpuMs() - databaseBefore
    const sorted = times.sort((a, b) => a - b)
    const writes = times.length
    const result = {
      writes,
      errors,
      seconds,
      rate: (writes - errors) / seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      databaseCpuPerWrite: databaseMs / writes,
      clientCpuPerWrite: (client.user + client.system) / 1000 / writes,
      errorSamples,
      shares,
    }
    printBareFloor(result, options.connections, options.seconds)
    if (errors > 0) process.exitCode = 1
    return result
  } finally {
    await pool.end()
  }
}

/** The floor's table: its writes per second, latency, CPU per write and errors. */
function printBareFloor(floor: BareFloorResult, connections: number, seconds: number): void {
  const f = (ms: number) => `${ms.toFixed(1)} ms`
  console.log(`\nbare-PostgreSQL floor: stock_write prepared, ${connections} connections, no HTTP`)
  const row = (measure: string, value: string, budget = 'info', ok = true) => ({ measure, value, budget, ok })
  printTable([
    row(`writes (full speed, ${seconds} s)`, String(floor.writes)),
    row('writes per second', floor.rate.toFixed(0)),
    row('statement p50 / p99', `${f(floor.p50)} / ${f(floor.p99)}`),
    row('PostgreSQL CPU per write', f(floor.databaseCpuPerWrite)),
    row('pg client CPU per write', `${floor.clientCpuPerWrite.toFixed(2)} ms`),
    row('errors (shortfall or other)', String(floor.errors), '0', floor.errors === 0),
  ])
  for (const sample of floor.errorSamples) console.log(`  floor error: ${sample}`)
  console.log(`cores used: ${floor.shares}`)
}
